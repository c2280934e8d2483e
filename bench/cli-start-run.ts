// Issue 17's CLI start table, in its own process (run by run-bench.ts): every command's
// whole-process median, against an agent with a 2k-message history, without and with its daemon.
// Needs `npm run build` (it runs bin/kern). Writes bench/results/cli-start.json.
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { importConversation, initAgent, withOfflineMemory } from "../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../src/kernel/index.js";
import { generateConversation, writeConversation } from "./generator/index.js";
import { type CommandTiming, kern, timeCommand } from "./measures/cli-start.js";
import { modelBuildJobSchema } from "./model-build-job.js";
import { writeResult } from "./report/results-files.js";
import { readJobArgument } from "./size-job.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";
import { progress } from "./support/progress.js";

const RUNS = 7;
const HISTORY = 2_000;

async function prepare(agentDir: string, seed: number): Promise<void> {
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = `${agentDir}-history.jsonl`;
  await writeConversation({
    conversation: generateConversation({ seed, messages: HISTORY }),
    messagesPath: file,
  });
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  await withOfflineMemory({ agentDir, env: {} }, (memory) => memory.runUntilIdle());
}

async function main(): Promise<void> {
  const job = readJobArgument(process.argv, modelBuildJobSchema);
  const commit = measuredCommit(job.root);
  mkdirSync(job.workDir, { recursive: true });
  const agentDir = join(job.workDir, "agent");
  progress("cli", `an agent with ${HISTORY} messages`);
  await prepare(agentDir, job.seed);
  const time = (label: string, args: string[], daemon: boolean) =>
    timeCommand(job.root, args, { runs: RUNS, daemon, label });
  const reading = (daemon: boolean): CommandTiming[] => [
    time("kern status", ["status", agentDir], daemon),
    time("kern segments", ["segments", agentDir], daemon),
    time("kern context", ["context", agentDir, "--json"], daemon),
    time("kern recall", ["recall", "deploy", agentDir], daemon),
    time("kern memory", ["memory", agentDir], daemon),
  ];
  progress("cli", "timing commands without a daemon");
  const commands: CommandTiming[] = [
    time("kern --version", ["--version"], false),
    time("kern --help", ["--help"], false),
    ...reading(false),
    time("kern doctor", ["doctor", agentDir, "--json"], false),
    time("kern logs", ["logs", agentDir, "-n", "5"], false),
  ];
  progress("cli", "timing commands with the daemon running");
  kern(job.root, ["start", agentDir]);
  try {
    commands.push(...reading(true));
  } finally {
    kern(job.root, ["stop", agentDir]);
  }
  writeResult(job.resultsDir, {
    kind: "cli-start",
    ranAt: new Date().toISOString(),
    command: job.command,
    machine: machineInfo(job.root, commit),
    runs: RUNS,
    historyMessages: HISTORY,
    commands,
  });
  progress("cli", `${commands.length} commands timed`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
