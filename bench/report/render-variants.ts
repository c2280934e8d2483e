// The sizes measured again in another shape (`npm run bench -- --as NAME`, results in
// size-N-NAME.json): the year-of-use figures of issue 50 (import, memory, disk, recall) beside
// the same size's main run, so a shape the headline does not show (the tool-heavy 1M) stays in
// the document. Pure.

import { ms, number, sizeName, table } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";
import type { SizeResult } from "./results-schema.js";

function cliAppendPerS(r: SizeResult): string {
  const cli = r.cliImport;
  return cli?.appendMs ? number(cli.imported / (cli.appendMs / 1000)) : "–";
}

function row(r: SizeResult, label: string): string[] {
  const [low, high] = r.toolOutputChars;
  const disk = r.disk;
  return [
    `${sizeName(r.size)} ${label}`,
    `${number(low)}–${number(high)}`,
    number(r.import.messagesPerSecond),
    cliAppendPerS(r),
    r.cliImport?.peakRssMb ? `${number(r.cliImport.peakRssMb)} MB` : "–",
    r.daemonRss ? `${number(r.daemonRss.steadyMb)} / ${number(r.daemonRss.peakMb)} MB` : "–",
    disk ? `${(disk.dbBytes / disk.logBytes).toFixed(2)}×` : "–",
    `${ms(r.recallLatency.p50)} / ${ms(r.recallLatency.p95)} ms`,
    `${r.ranAt.slice(0, 16).replace("T", " ")}, ${r.machine.commit}`,
  ];
}

/** The figures issue 50 was filed with (before the lean index, ADR 0017), to read the rows by. */
const ISSUE_50_BEFORE =
  "Before, as issue 50 was filed: the tool-heavy 1M history imported at 2.8k messages/s with " +
  "the bench's process peaking at 1.47 GB and kern.db 1.7× its log; the chat-shaped 1M at 8k " +
  "messages/s, kern.db 2.94× (1.3 GB for 442 MB); the planted 300k 2.9×.";

export function renderVariants(results: MergedResults): string {
  if (results.variants.length === 0) return "";
  const rows = results.variants.flatMap((variant) => {
    const main = results.sizes.find((r) => r.size === variant.size);
    return [...(main ? [row(main, "(main)")] : []), row(variant, `(${variant.variant ?? ""})`)];
  });
  return [
    "## Other shapes of the same sizes",
    "",
    "Sizes measured again with other tool outputs (`npm run bench -- --as NAME`), beside the " +
      "size's main run: the in-process import, `kern import`'s append step and peak RSS (its own " +
      "process), the daemon's resident set once its word index is built / its peak since start, " +
      "kern.db over the session log, and recall p50 / p95. Targets (issue 50): import ≥ 5,000 " +
      "messages/s, `kern import` ≤ 600 MB and the daemon ≤ 500 MB at 1M, kern.db ≤ 1.5× the log " +
      "on chat-shaped histories.",
    "",
    table(
      [
        "size (shape)",
        "tool outputs",
        "import msg/s",
        "`kern import` msg/s",
        "`kern import` peak",
        "daemon settled / peak",
        "kern.db / log",
        "recall p50 / p95",
        "run (UTC, commit)",
      ],
      rows,
    ),
    "",
    ISSUE_50_BEFORE,
  ].join("\n");
}
