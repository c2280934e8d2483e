// The commands that only read an agent (issue 32, Build 4), timed as whole processes against an
// agent while no daemon runs: `kern status`, `segments`, `context`, `recall`, `memory`. Targets:
// < 300 ms at 20k messages, < 1 s at 1M. Needs `npm run build` (it runs bin/kern).
import { type CommandTiming, timeCommand } from "./cli-start.js";

const READING_RUNS = 5;

/** Issue 32's targets for the reading commands, by history size. */
export const READING_TARGETS_MS: ReadonlyArray<{ upTo: number; ms: number }> = [
  { upTo: 20_000, ms: 300 },
  { upTo: 1_000_000, ms: 1_000 },
];

export function timeReadingCommands(
  root: string,
  agentDir: string,
  runs = READING_RUNS,
): CommandTiming[] {
  const time = (label: string, args: string[]) =>
    timeCommand(root, args, { runs, daemon: false, label });
  return [
    time("kern status", ["status", agentDir]),
    time("kern segments", ["segments", agentDir]),
    time("kern context", ["context", agentDir, "--json"]),
    time("kern recall", ["recall", "deploy", agentDir]),
    time("kern memory", ["memory", agentDir]),
  ];
}
