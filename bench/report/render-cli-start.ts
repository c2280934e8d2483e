// The "CLI start" section of docs/benchmarks.md (issue 17): every command's whole-process median.
import { table } from "./markdown-format.js";
import { renderReadingCommands } from "./render-reading-commands.js";
import type { MergedResults } from "./results-files.js";

/** Issue 17's targets: `--version`/`--help` under 150 ms, `status` with a daemon under 300 ms. */
const TARGETS: Record<string, number> = {
  "kern --version": 150,
  "kern --help": 150,
  "kern status (daemon)": 300,
};

export function renderCliStart(results: MergedResults): string {
  const result = results.cliStart;
  if (!result) return "";
  const reading = renderReadingCommands(results);
  const rows = result.commands.map((entry) => {
    const name = entry.daemon ? `${entry.command} (daemon)` : entry.command;
    const target = TARGETS[name];
    return [
      `\`${name}\``,
      `${entry.medianMs} ms`,
      entry.peakRssMb === null ? "–" : `${entry.peakRssMb} MB`,
      target === undefined ? "" : `< ${target} ms ${entry.medianMs < target ? "✓" : "✗"}`,
      entry.note ?? "",
    ];
  });
  return [
    "## CLI start",
    "",
    `Whole-process medians of ${result.runs} runs after a warm-up (\`node bin/kern …\`, peak RSS ` +
      `from \`/usr/bin/time -f %M\`), against an agent with ${result.historyMessages} messages; ` +
      `"(daemon)" with its daemon running, where the command reads through the API. Commands ` +
      "that change an agent (`import`, `pair`, `session new`) run against a scratch agent offline; " +
      "`init` and `demo` get a new folder each run; `run` and `tui` (in a pseudo-terminal) are " +
      `timed until ready, then stopped; the last column says what else was timed. Ran ${result.ranAt}.`,
    "",
    table(["command", "median", "peak RSS", "target", "timed"], rows),
    ...(reading ? ["", reading] : []),
  ].join("\n");
}
