// Issue 9's measure, in its own process (run by run-bench.ts): turn latency of a real assembled
// daemon whose chat model (the fake LLM) answers at once, with a summary model answering at once
// and with one taking 5 s per summary. Writes bench/results/turn-latency.json.
import { join } from "node:path";
import {
  prepareTurnAgent,
  startTurnRig,
  type TurnRig,
  timeInterleaved,
} from "./measures/turn-latency.js";
import { writeResult } from "./report/results-files.js";
import { readJobArgument } from "./size-job.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";
import { progress } from "./support/progress.js";
import {
  MEASURED_TURNS,
  SLOW_SUMMARY_MS,
  THINK_MS,
  TURN_HISTORY_MESSAGES,
  turnJobSchema,
} from "./turn-job.js";

async function main(): Promise<void> {
  const job = readJobArgument(process.argv, turnJobSchema);
  const commit = measuredCommit(job.root);
  const plans = [
    { name: "summaries at once", delayMs: 0, folder: "instant" },
    {
      name: `summaries take ${SLOW_SUMMARY_MS / 1000} s`,
      delayMs: SLOW_SUMMARY_MS,
      folder: "slow",
    },
  ];
  const rigs: TurnRig[] = [];
  try {
    for (const plan of plans) {
      const agentDir = join(job.workDir, plan.folder);
      progress("turns", `${plan.name}: importing ${TURN_HISTORY_MESSAGES} messages`);
      await prepareTurnAgent({ agentDir, seed: job.seed, messages: TURN_HISTORY_MESSAGES });
      rigs.push(await startTurnRig({ agentDir, seed: job.seed, ...plan }));
    }
    progress("turns", "waiting for the model to rewrite the history's summaries");
    await Promise.all(rigs.map((rig) => rig.arm()));
    progress("turns", `${MEASURED_TURNS} turns on each daemon, interleaved`);
    const variants = await timeInterleaved(rigs, job.seed);
    for (const variant of variants)
      progress(
        "turns",
        `${variant.name}: p50 ${variant.latency.p50} ms, p95 ${variant.latency.p95} ms`,
      );
    writeResult(job.resultsDir, {
      kind: "turn-latency",
      ranAt: new Date().toISOString(),
      command: job.command,
      machine: machineInfo(job.root, commit),
      historyMessages: TURN_HISTORY_MESSAGES,
      turns: MEASURED_TURNS,
      thinkMs: THINK_MS,
      variants,
    });
  } finally {
    for (const rig of rigs) await rig.close();
  }
}

function report(error: unknown): never {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
}

main().catch(report);
