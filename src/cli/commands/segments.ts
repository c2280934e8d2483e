// `kern segments [DIR] [--json]`: the segment tree (SPEC §10; JSON shape in docs/cli.md).
import type { Command } from "commander";
import type { SegmentsReport } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import {
  formatLevelCounts,
  formatSegmentTree,
  formatTreeSpan,
  segmentTreeOf,
} from "../format-segment-tree.js";
import { loadReadOnly } from "../load-daemon.js";

/** The stable JSON shape: session and rows, without the `stale` bookkeeping flag. */
function toSegmentsJson(report: SegmentsReport) {
  return {
    session: report.session,
    segments: report.segments.map(({ stale: _stale, ...row }) => row),
  };
}

export function registerSegmentsCommand(program: Command, context: CliContext): void {
  program
    .command("segments")
    .description("the summary tree: L0 segments and their rollups")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const options = { agentDir: dir, env: context.env };
      if (flags.json) {
        const report = daemon
          ? await daemon.client.segments()
          : await (await loadReadOnly()).readSegmentsReport(options);
        return context.output.json(toSegmentsJson(report));
      }
      // The tree draws the top two levels: without a daemon, only those are read.
      const tree = daemon
        ? await daemon.client
            .segments()
            .then((report) => segmentTreeOf(report.session, report.segments))
        : await (await loadReadOnly()).readSegmentTree(options);
      context.output.line(`session ${tree.session}: ${formatLevelCounts(tree) || "no segments"}`);
      if (tree.rows.length > 0) context.output.line(formatTreeSpan(tree));
      for (const line of formatSegmentTree(tree)) context.output.line(line);
    });
}
