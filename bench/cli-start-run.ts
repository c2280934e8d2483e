// Issue 17's CLI start table, in its own process (run by run-bench.ts): every command's
// whole-process median, against an agent with a 2k-message history, without and with its daemon;
// commands that change an agent (import, pair, session new) use a scratch agent, `init` and `demo`
// a new folder each run, and the long-running `run` and `tui` are timed until ready.
// Needs `npm run build` (it runs bin/kern). Writes bench/results/cli-start.json.
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { importConversation, initAgent, withOfflineMemory } from "../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../src/kernel/index.js";
import { generateConversation, writeConversation } from "./generator/index.js";
import {
  type CommandTiming,
  kern,
  type TimeCommandOptions,
  timeCommand,
} from "./measures/cli-start.js";
import { timeUntilReady } from "./measures/cli-start-long.js";
import { timeReadingCommands } from "./measures/reading-commands.js";
import { modelBuildJobSchema } from "./model-build-job.js";
import { writeResult } from "./report/results-files.js";
import { readJobArgument } from "./size-job.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";
import { progress } from "./support/progress.js";

const RUNS = 7;
/** `kern demo` builds a long history each run: fewer runs. */
const DEMO_RUNS = 3;
const HISTORY = 2_000;
/** The reading commands again at this size (issue 32: < 300 ms at 20k). */
const LARGE_HISTORY = 20_000;
const SMALL_IMPORT = 50;

async function prepare(agentDir: string, seed: number, messages = HISTORY): Promise<void> {
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = `${agentDir}-history.jsonl`;
  await writeConversation({
    conversation: generateConversation({ seed, messages }),
    messagesPath: file,
  });
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  await withOfflineMemory({ agentDir, env: {} }, (memory) => memory.runUntilIdle());
}

/**
 * A small conversation to import, and a `before` that puts a new one in its place for every run
 * (kern refuses a file whose messages are all in the session already).
 */
async function smallHistories(workDir: string, seed: number) {
  const file = join(workDir, "small-history.jsonl");
  const sources: string[] = [];
  for (let index = 0; index < 2 * (RUNS + 1); index += 1) {
    const source = join(workDir, `small-history-${index}.jsonl`);
    await writeConversation({
      conversation: generateConversation({ seed: seed + 1 + index, messages: SMALL_IMPORT }),
      messagesPath: source,
    });
    sources.push(source);
  }
  let next = 0;
  return { file, before: () => copyFileSync(sources[next++ % sources.length] as string, file) };
}

/** `kern stop`, untimed, whether or not the daemon runs. */
function stopQuietly(root: string, agentDir: string): void {
  spawnSync(process.execPath, [join(root, "bin", "kern"), "stop", agentDir]);
}

/** The timings of one run of the table: the agent, a scratch agent, a new folder, small imports. */
interface Table {
  root: string;
  agentDir: string;
  scratch: string;
  fresh: string;
  small: Awaited<ReturnType<typeof smallHistories>>;
}

function time(
  table: Table,
  label: string,
  args: string[],
  daemon: boolean,
  more: Partial<TimeCommandOptions> = {},
): CommandTiming {
  return timeCommand(table.root, args, { runs: RUNS, daemon, label, ...more });
}

function reading(table: Table, daemon: boolean): CommandTiming[] {
  const { agentDir } = table;
  return [
    time(table, "kern status", ["status", agentDir], daemon),
    time(table, "kern segments", ["segments", agentDir], daemon),
    time(table, "kern context", ["context", agentDir, "--json"], daemon),
    time(table, "kern recall", ["recall", "deploy", agentDir], daemon),
    time(table, "kern memory", ["memory", agentDir], daemon),
    time(table, "kern logs", ["logs", agentDir, "-n", "5"], daemon),
  ];
}

/** import and pair change (or try) the agent: a scratch one offline, the timed one last of all. */
function changing(table: Table, daemon: boolean, dir: string): CommandTiming[] {
  return [
    time(table, "kern pair", ["pair", "KERN-ZZZZ", dir], daemon, {
      expectFailure: true,
      note: "an unknown code: exits 1",
    }),
    time(table, "kern import", ["import", table.small.file, dir], daemon, {
      before: table.small.before,
      note: `${SMALL_IMPORT} messages`,
    }),
  ];
}

async function withoutDaemon(table: Table): Promise<CommandTiming[]> {
  const { root, agentDir, scratch, fresh } = table;
  const removeFresh = () => rmSync(fresh, { recursive: true, force: true });
  return [
    time(table, "kern --version", ["--version"], false),
    time(table, "kern --help", ["--help"], false),
    time(table, "kern help", ["help"], false),
    ...reading(table, false),
    ...changing(table, false, scratch),
    time(table, "kern doctor", ["doctor", agentDir, "--json"], false),
    time(table, "kern reindex", ["reindex", agentDir], false, { note: `${HISTORY} messages` }),
    time(table, "kern session new", ["session", "new", scratch], false),
    time(table, "kern init", ["init", fresh, "--yes"], false, {
      before: removeFresh,
      note: "a new folder, git included",
    }),
    time(table, "kern demo", ["demo", fresh, "--no-start"], false, {
      runs: DEMO_RUNS,
      before: removeFresh,
      note: "builds its history and memory",
    }),
    await timeUntilReady(root, ["run", agentDir], {
      runs: RUNS,
      daemon: false,
      label: "kern run",
      file: join(agentDir, ".kern", "daemon.pid"),
      note: "until the daemon listens (pid file)",
    }),
    time(table, "kern start", ["start", agentDir], false, {
      before: () => stopQuietly(root, agentDir),
      note: "until the daemon answers",
    }),
    time(table, "kern stop", ["stop", agentDir], true, {
      before: () => kern(root, ["start", agentDir]),
    }),
  ];
}

async function withDaemon(table: Table): Promise<CommandTiming[]> {
  const { root, agentDir } = table;
  kern(root, ["start", agentDir]);
  try {
    return [
      ...reading(table, true),
      time(table, "kern restart", ["restart", agentDir], true, {
        note: "until the daemon answers",
      }),
      await timeUntilReady(root, ["tui", agentDir], {
        runs: RUNS,
        daemon: true,
        label: "kern tui",
        tty: true,
        output: /\bconnected\b/,
        note: "until its first connected frame",
      }),
      ...changing(table, true, agentDir),
    ];
  } finally {
    kern(root, ["stop", agentDir]);
  }
}

async function main(): Promise<void> {
  const job = readJobArgument(process.argv, modelBuildJobSchema);
  const commit = measuredCommit(job.root);
  mkdirSync(job.workDir, { recursive: true });
  const agentDir = join(job.workDir, "agent");
  const scratch = join(job.workDir, "scratch");
  progress("cli", `an agent with ${HISTORY} messages`);
  await prepare(agentDir, job.seed);
  await initAgent({ agentDir: scratch, git: false });
  const small = await smallHistories(job.workDir, job.seed);
  const table: Table = {
    root: job.root,
    agentDir,
    scratch,
    fresh: join(job.workDir, "fresh"),
    small,
  };
  progress("cli", "timing commands without a daemon");
  const commands = await withoutDaemon(table);
  progress("cli", "timing commands with the daemon running");
  commands.push(...(await withDaemon(table)));
  const large = join(job.workDir, "agent-large");
  progress("cli", `the reading commands against an agent with ${LARGE_HISTORY} messages`);
  await prepare(large, job.seed, LARGE_HISTORY);
  const readingAtSize = {
    historyMessages: LARGE_HISTORY,
    commands: timeReadingCommands(job.root, large),
  };
  writeResult(job.resultsDir, {
    kind: "cli-start",
    ranAt: new Date().toISOString(),
    command: job.command,
    machine: machineInfo(job.root, commit),
    runs: RUNS,
    historyMessages: HISTORY,
    commands,
    readingAtSize,
  });
  progress("cli", `${commands.length} commands timed`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
