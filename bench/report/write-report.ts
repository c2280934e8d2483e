// Writes docs/benchmarks.md and its SVG plots from every result in bench/results/.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { renderLatencyChart, renderReachabilityChart } from "./render-charts.js";
import { renderChecks } from "./render-checks.js";
import { renderCliStart } from "./render-cli-start.js";
import { renderHeadline, renderMachine, renderMethod } from "./render-headline.js";
import {
  type HeartbeatPromptResult,
  heartbeatPromptResultSchema,
  renderHeartbeatPrompt,
} from "./render-heartbeat-prompt.js";
import {
  type LmeReachabilityResult,
  lmeReachabilityResultSchema,
  renderLmeReachability,
} from "./render-lme-reachability.js";
import {
  type LongMemEvalResult,
  longMemEvalResultSchema,
  renderLongMemEval,
} from "./render-longmemeval.js";
import {
  type MetricsCostResult,
  metricsCostResultSchema,
  renderMetricsCost,
} from "./render-metrics-cost.js";
import { renderModelBuild } from "./render-model-build.js";
import { renderNotes } from "./render-notes.js";
import { renderPerformance } from "./render-performance.js";
import { renderQuality } from "./render-quality.js";
import { renderReadmeMeasured, replaceReadmeMeasured } from "./render-readme.js";
import {
  renderSandboxCost,
  type SandboxCostResult,
  sandboxCostResultSchema,
} from "./render-sandbox-cost.js";
import { renderVariants } from "./render-variants.js";
import {
  renderYardsticks,
  type YardsticksResult,
  yardsticksResultSchema,
} from "./render-yardsticks.js";
import { type MergedResults, readResults } from "./results-files.js";

const INTRO = `# Benchmarks

What kern's memory costs and how well it remembers, measured by \`npm run bench\`
(\`bench/run-bench.ts\`) on generated histories of 2k, 20k and 100k messages. This file is
written by the benchmark from \`bench/results/*.json\`; do not edit it by hand. Re-run with
\`npm run bench\` (2k and 20k, a few minutes) or \`npm run bench -- --size 100k\` (adds 100k);
each run replaces the results of the sizes it measured and keeps the others.`;

/** The whole document from merged results (and LongMemEval's, when it ran). Pure. */
function renderReport(
  results: MergedResults,
  longMemEval: LongMemEvalResult | null = null,
  lmeReachability: LmeReachabilityResult | null = null,
  extras: {
    heartbeatPrompt?: HeartbeatPromptResult | null;
    yardsticks?: YardsticksResult | null;
    sandboxCost?: SandboxCostResult | null;
    metricsCost?: MetricsCostResult | null;
  } = {},
): string {
  return [
    INTRO,
    renderHeadline(results),
    renderMachine(results),
    renderMethod(results),
    renderPerformance(results),
    renderVariants(results),
    renderModelBuild(results),
    renderCliStart(results),
    renderQuality(results),
    renderLongMemEval(longMemEval),
    renderYardsticks(extras.yardsticks ?? null),
    renderLmeReachability(lmeReachability),
    renderHeartbeatPrompt(extras.heartbeatPrompt ?? null),
    renderSandboxCost(extras.sandboxCost ?? null),
    renderMetricsCost(extras.metricsCost ?? null),
    renderChecks(results),
    renderNotes(results),
  ]
    .filter((section) => section.length > 0)
    .join("\n\n")
    .concat("\n");
}

/**
 * Reads the results and writes the document and plots (and README's "Measured" block when
 * `readme` is given); returns the paths written.
 */
export function writeReport(options: {
  resultsDir: string;
  docsDir: string;
  readme?: string;
}): string[] {
  const results = readResults(options.resultsDir);
  if (results.sizes.length === 0) return [];
  const written: string[] = [];
  const write = (path: string, text: string | null) => {
    if (text === null) return;
    writeFileSync(path, text);
    written.push(path);
  };
  mkdirSync(join(options.docsDir, "benchmarks"), { recursive: true });
  const lme = join(options.resultsDir, "longmemeval.json");
  const longMemEval = existsSync(lme)
    ? longMemEvalResultSchema.parse(JSON.parse(readFileSync(lme, "utf8")))
    : null;
  const reach = join(options.resultsDir, "lme-reachability.json");
  const lmeReachability = existsSync(reach)
    ? lmeReachabilityResultSchema.parse(JSON.parse(readFileSync(reach, "utf8")))
    : null;
  const heartbeat = join(options.resultsDir, "heartbeat-prompt.json");
  const heartbeatPrompt = existsSync(heartbeat)
    ? heartbeatPromptResultSchema.parse(JSON.parse(readFileSync(heartbeat, "utf8")))
    : null;
  const sticks = join(options.resultsDir, "recall-yardsticks.json");
  const yardsticks = existsSync(sticks)
    ? yardsticksResultSchema.parse(JSON.parse(readFileSync(sticks, "utf8")))
    : null;
  const metrics = join(options.resultsDir, "metrics-cost.json");
  const metricsCost = existsSync(metrics)
    ? metricsCostResultSchema.parse(JSON.parse(readFileSync(metrics, "utf8")))
    : null;
  const sandbox = join(options.resultsDir, "sandbox-cost.json");
  const sandboxCost = existsSync(sandbox)
    ? sandboxCostResultSchema.parse(JSON.parse(readFileSync(sandbox, "utf8")))
    : null;
  write(
    join(options.docsDir, "benchmarks.md"),
    renderReport(results, longMemEval, lmeReachability, {
      heartbeatPrompt,
      yardsticks,
      sandboxCost,
      metricsCost,
    }),
  );
  write(join(options.docsDir, "benchmarks", "reachability.svg"), renderReachabilityChart(results));
  write(join(options.docsDir, "benchmarks", "latency.svg"), renderLatencyChart(results));
  if (options.readme) {
    const block = renderReadmeMeasured(results, longMemEval);
    write(options.readme, replaceReadmeMeasured(readFileSync(options.readme, "utf8"), block));
  }
  return written;
}
