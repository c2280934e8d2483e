// What `kern demo` prints of the demo it built: the import, the segment tree, the composed
// <conversation_summary> (its first lines) and the compression per level.
import {
  fitLine,
  formatLevelCounts,
  formatSegmentTree,
  formatTreeSpan,
  segmentTreeOf,
} from "./format-segment-tree.js";
import type { DaemonModule } from "./load-daemon.js";
import type { Output } from "./output.js";

/** Lines of the composed summary shown; `kern context DIR --prompt` prints all of it. */
const PREVIEW_LINES = 20;

type DemoReport = Awaited<ReturnType<DaemonModule["runDemo"]>>;

/** What the demo built: the import, the segment tree, the composed summary, the compression. */
export function printDemoReport(out: Output, report: DemoReport, dir: string): void {
  out.line(
    `demo agent in ${report.agentDir}\n${report.imported ? `${report.imported} messages imported` : "history already imported"}; memory built in ${(report.ms / 1000).toFixed(1)} s`,
  );
  out.line();
  const tree = segmentTreeOf(report.segments.session, report.segments.segments);
  out.line(`segment tree: ${formatLevelCounts(tree)}, ${formatTreeSpan(tree)}`);
  // Every top-level segment, three children each; the rest counted (kern segments: all).
  for (const line of formatSegmentTree(tree, 3, "  ")) out.line(line);
  out.line();
  printComposedSummary(out, report.context, dir);
  out.line();
  out.line("compression per level (tokens in → tokens out):");
  for (const level of report.compression) {
    out.line(
      `  L${level.level}: ${level.segments} segments, ${level.tokensIn} → ${level.tokensOut} tokens (${level.ratio.toFixed(1)}×)`,
    );
  }
}

/** The composed <conversation_summary>'s budget and its first PREVIEW_LINES lines. */
function printComposedSummary(out: Output, composed: DemoReport["context"], dir: string): void {
  const summary = /^<conversation_summary>\n[\s\S]*?^<\/conversation_summary>$/m.exec(
    composed.systemPrompt,
  )?.[0];
  out.line(
    `composed <conversation_summary>: ${composed.tokens.summary} tokens of a ${composed.maxContextTokens}-token budget,`,
  );
  out.line(
    `${composed.segmentIds.length} blocks standing for ${composed.trimmedCount} older messages:`,
  );
  const lines = (summary ?? "(nothing trimmed: the whole history fits)").split("\n");
  for (const line of lines.slice(0, PREVIEW_LINES)) out.line(fitLine(`  ${line}`));
  if (lines.length > PREVIEW_LINES)
    out.line(`  … ${lines.length - PREVIEW_LINES} more lines: kern context ${dir} --prompt`);
}
