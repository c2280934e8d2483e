// The cost of the metrics plugin (issue 50 item 3, docs/benchmarks.md "Metrics cost"): counting one
// turn's events, a scrape of GET /metrics's text with warm counters, and the first scrape, which
// sums a whole usage log. Run: npx tsx bench/metrics-cost.ts [--rows 1000000]
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import type { Envelope, RuntimeEvent } from "../src/kernel/index.js";
import { KernMetrics } from "../src/plugins/metrics/kern-metrics.js";
import { registerUsageCounters } from "../src/plugins/metrics/usage-counters.js";
import { openDatabase } from "../src/store/index.js";
import { type MetricsCostRun, metricsCostResultSchema } from "./report/render-metrics-cost.js";
import { measuredCommit } from "./support/machine-info.js";

const flag = process.argv.indexOf("--rows");
/** A year of heavy use: ~300k messages, a model call for about every second one. */
const ROWS = flag > 0 ? Number(process.argv[flag + 1]) : 150_000;
const TURNS = 100_000;
const SCRAPES = 200;

const envelope: Envelope = { text: "hi", interface: "web", ts: "2026-12-02T06:00:00.000Z" };

/** One turn with two steps and a tool call between them, as the runtime emits it. */
function turnEvents(index: number): RuntimeEvent[] {
  const turnId = `t${index}`;
  const call = { turnId, callId: `c${index}`, name: index % 2 ? "read" : "bash" };
  const usage = { inputTokens: 2000, outputTokens: 40 };
  return [
    { type: "turn-queue", turnId, envelope, position: 0 },
    { type: "turn-start", turnId, envelope },
    ...Array.from({ length: 20 }, () => ({ type: "text-delta" as const, turnId, text: "word " })),
    { type: "model-call", turnId, model: "m", ms: 900, outcome: "ok", usage },
    { type: "tool-call", ...call, arguments: "{}" },
    { type: "tool-result", ...call, output: "done", isError: false },
    { type: "model-call", turnId, model: "m", ms: 700, outcome: "ok", usage },
    { type: "turn-end", turnId, text: "ok", stopReason: "end", kind: "message", usage },
  ];
}

const RESULTS = join("bench", "results", "metrics-cost.json");

/** Keeps the newest run of each usage-log size in the results file. */
function saveRun(run: MetricsCostRun): void {
  const old = existsSync(RESULTS)
    ? metricsCostResultSchema.parse(JSON.parse(readFileSync(RESULTS, "utf8"))).runs
    : [];
  const runs = [...old.filter((known) => known.rows !== run.rows), run];
  writeFileSync(RESULTS, `${JSON.stringify({ runs }, null, 2)}\n`);
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

const dir = mkdtempSync(join(tmpdir(), "kern-metrics-cost-"));
try {
  const db = openDatabase(join(dir, "kern.db"));
  const insert = db.prepare(
    "INSERT INTO usage (ts, turn_id, purpose, model, input_tokens, output_tokens, cached_tokens) VALUES (?, ?, ?, ?, ?, ?, 0)",
  );
  const purposes = ["turn", "turn", "turn", "summary", "working-memory", "job", "heartbeat"];
  db.transaction(() => {
    for (let row = 0; row < ROWS; row += 1)
      insert.run("2026-01-01T00:00:00.000Z", null, purposes[row % purposes.length], "m", 2000, 40);
  })();
  const metrics = new KernMetrics({
    clock: { now: () => Date.now() },
    queueDepth: () => 0,
    memory: () => ({ pendingJobs: 0, unsegmentedMessages: 0, staleSegments: 0, lastRunAt: null }),
    unattended: () => ({ spent: 0, cap: null }),
    pendingApprovals: () => 0,
  });
  registerUsageCounters(metrics.registry, { db });
  // The first scrape reads in chunks and yields between them: the longest stall is one chunk.
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  let started = performance.now();
  await metrics.registry.metrics();
  const firstScrapeMs = performance.now() - started;
  delay.disable();
  const longestStallMs = delay.max / 1e6;
  const events = Array.from({ length: 1000 }, (_unused, index) => turnEvents(index));
  started = performance.now();
  for (let turn = 0; turn < TURNS; turn += 1)
    for (const event of events[turn % events.length] ?? []) metrics.observe(event);
  const perTurnUs = ((performance.now() - started) * 1000) / TURNS;
  const scrapes: number[] = [];
  let bytes = 0;
  for (let scrape = 0; scrape < SCRAPES; scrape += 1) {
    insert.run("2026-01-01T00:00:00.000Z", null, "turn", "m", 2000, 40); // a new row each time
    const at = performance.now();
    bytes = (await metrics.registry.metrics()).length;
    scrapes.push(performance.now() - at);
  }
  db.close();
  const run: MetricsCostRun = {
    rows: ROWS,
    perTurnUs,
    warmScrapeMs: median(scrapes),
    scrapeKb: bytes / 1024,
    firstScrapeMs,
    longestStallMs,
    commit: measuredCommit(process.cwd()),
    cpu: `${cpus()[0]?.model ?? "?"}, ${cpus().length} cores`,
    loadAverage: loadavg().map((value) => Number(value.toFixed(2))),
  };
  saveRun(run);
  process.stdout.write(
    `${JSON.stringify(run, null, 2)}\n(written to ${RESULTS}; render: npm run bench -- --render-only)\n`,
  );
} finally {
  rmSync(dir, { recursive: true, force: true });
}
