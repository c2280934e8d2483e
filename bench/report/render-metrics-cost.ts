// The "Metrics cost" section (issue 50 item 3): the metrics plugin with traces off, from
// bench/results/metrics-cost.json, written by bench/metrics-cost.ts (one run per usage-log size,
// the newest of each kept). Pure.
import { z } from "zod";

const runSchema = z.object({
  rows: z.number(),
  perTurnUs: z.number(),
  warmScrapeMs: z.number(),
  scrapeKb: z.number(),
  firstScrapeMs: z.number(),
  longestStallMs: z.number(),
  commit: z.string(),
  cpu: z.string(),
  loadAverage: z.array(z.number()),
});

export const metricsCostResultSchema = z.object({ runs: z.array(runSchema) });
export type MetricsCostResult = z.infer<typeof metricsCostResultSchema>;
export type MetricsCostRun = z.infer<typeof runSchema>;

const rowsText = (rows: number) => rows.toLocaleString("en-US");

export function renderMetricsCost(result: MetricsCostResult | null): string {
  const runs = [...(result?.runs ?? [])].sort((a, b) => a.rows - b.rows);
  const [first] = runs;
  if (!first) return "";
  const machines = runs.map(
    (run) =>
      `${rowsText(run.rows)} rows: ${run.cpu}, load ${run.loadAverage.join(", ")}, commit ${run.commit}`,
  );
  return [
    "## Metrics cost",
    "",
    'The metrics plugin (docs/operations.md "Metrics and traces") with traces off, its default: ' +
      "counting the events of one turn (24: 20 text deltas, 2 model calls, 1 tool call), a scrape " +
      "of `GET /metrics`'s text with warm counters (median of 200, one new usage row each), and " +
      "the first scrape, which sums the whole usage log in chunks of 5,000 rows with a yield " +
      "between them; the longest event-loop stall during that first scrape is one chunk plus " +
      "any wait for a core. Re-run: `npx tsx bench/metrics-cost.ts [--rows N]`. Runs: " +
      `${machines.join("; ")}.`,
    "",
    "| usage rows | one turn's events | warm scrape | scrape size | first scrape | longest stall |",
    "|---:|---:|---:|---:|---:|---:|",
    ...runs.map(
      (run) =>
        `| ${rowsText(run.rows)} | ${run.perTurnUs.toFixed(1)} µs | ${run.warmScrapeMs.toFixed(2)} ms | ` +
        `${run.scrapeKb.toFixed(1)} KB | ${run.firstScrapeMs.toFixed(0)} ms | ${run.longestStallMs.toFixed(0)} ms |`,
    ),
    "",
    "With `otlpEndpoint` unset the OpenTelemetry SDK is not loaded; with it set, a collector that " +
      "is down makes `kern stop` wait at most the 3 s export deadline " +
      "(`test/integration/metrics-daemon.test.ts`).",
  ].join("\n");
}
