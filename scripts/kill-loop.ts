// The kill -9 loop (issue 18): `npm run build && npx tsx scripts/kill-loop.ts [ROUNDS]`. Prints
// each round and a summary; exits 1 if any accepted message was lost or duplicated, any import
// was half there, any tool call lost its result, or doctor scored below 100 after a restart.
import { runKillLoop } from "../test/support/kill-loop.js";

const rounds = Number(process.argv[2] ?? 20);
const started = Date.now();
const report = await runKillLoop({ rounds, log: (line) => process.stdout.write(`${line}\n`) });
const committed = report.rounds.filter((round) => round.importCommitted).length;
process.stdout.write(
  [
    `${report.rounds.length} rounds in ${((Date.now() - started) / 1000).toFixed(0)} s`,
    `accepted messages ${report.acceptedMessages}, lost ${report.lostMessages}, duplicated ${report.duplicateMessages}`,
    `imports in flight ${report.rounds.length} (committed ${committed}), half there ${report.partialImports}, twice ${report.duplicateImports}`,
    `orphan tool calls ${report.orphanToolCalls}, lowest doctor score after a restart ${report.minDoctorScore}`,
    ...report.problems.map((problem) => `problem: ${problem}`),
    "",
  ].join("\n"),
);
const failed =
  report.lostMessages +
    report.duplicateMessages +
    report.partialImports +
    report.duplicateImports +
    report.orphanToolCalls >
    0 || report.minDoctorScore < 100;
process.exitCode = failed ? 1 : 0;
