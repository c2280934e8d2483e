// The reading commands alone (issue 32, Build 4): `kern status`, `segments`, `context`, `recall`
// and `memory` without a daemon, whole-process medians against one generated agent, without the
// rest of `npm run bench`. Builds the agent once (seed 42, `importConversation` and the offline
// memory build, as the bench does) and reuses it while its folder exists. Needs `npm run build`.
//   npx tsx bench/reading-commands.ts [--dir /tmp/kern-reading-20k] [--size 20k] [--runs 7]
// Prints one line per command and the load average at start and end: the machine is shared.
import { existsSync, readFileSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { importConversation, initAgent, withOfflineMemory } from "../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../src/kernel/index.js";
import { parseSize } from "./bench-options.js";
import { generateConversation, writeConversation } from "./generator/index.js";
import { READING_TARGETS_MS, timeReadingCommands } from "./measures/reading-commands.js";
import { progress, sizeLabel } from "./support/progress.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const SEED = 42;

async function buildAgent(agentDir: string, messages: number): Promise<void> {
  rmSync(agentDir, { recursive: true, force: true });
  await initAgent({ agentDir, git: false });
  const file = `${agentDir}-history.jsonl`;
  progress(sizeLabel(messages), `generating ${messages} messages (seed ${SEED})`);
  await writeConversation({
    conversation: generateConversation({ seed: SEED, messages }),
    messagesPath: file,
  });
  progress(sizeLabel(messages), "importing and building the memory offline");
  await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
  await withOfflineMemory({ agentDir, env: {} }, (memory) => memory.runUntilIdle());
  rmSync(file, { force: true });
}

function loadAverage(): string {
  return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { dir: { type: "string" }, size: { type: "string" }, runs: { type: "string" } },
  });
  const messages = parseSize(values.size ?? "20k");
  const runs = Number(values.runs ?? "7");
  if (!Number.isInteger(runs) || runs < 1) throw new Error(`--runs takes a whole number ≥ 1`);
  const agentDir = values.dir ?? `/tmp/kern-reading-${sizeLabel(messages)}`;
  if (!existsSync(join(agentDir, ".kern", "kern.db"))) await buildAgent(agentDir, messages);
  const target = READING_TARGETS_MS.find((entry) => messages <= entry.upTo)?.ms;
  progress(sizeLabel(messages), `timing ${runs} runs each against ${agentDir}`);
  const before = loadAverage();
  for (const timing of timeReadingCommands(ROOT, agentDir, runs)) {
    const verdict = target === undefined ? "" : timing.medianMs < target ? " ✓" : " ✗";
    process.stdout.write(
      `${timing.command.padEnd(14)} ${String(timing.medianMs).padStart(5)} ms${verdict}  peak ${timing.peakRssMb ?? "?"} MB\n`,
    );
  }
  process.stdout.write(
    `${sizeLabel(messages)} messages, medians of ${runs} runs after a warm-up; load ${before} at start, ${loadAverage()} at end${target === undefined ? "" : `; target < ${target} ms`}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
  process.exit(1);
});
