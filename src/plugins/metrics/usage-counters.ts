// The token counters, read from the usage log (the `usage` rows of kern.db that every model call
// writes: turns, sub-agents and the memory worker's summaries alike), so they match it exactly
// and cover the background calls no event reports. Each scrape reads only the rows added since
// the last one (a range of the primary key); the first sums the agent's whole history, in chunks
// with a yield between them, so a year of rows never holds up a turn or a request.
import { Counter, type Registry } from "prom-client";
import type { AgentStore } from "../../store/index.js";

interface UsageGroup {
  purpose: string;
  model: string;
  input: number;
  output: number;
  cached: number;
  calls: number;
}

/** Rows per read: ~3 ms each on the 2-core bench machine (docs/benchmarks.md "Metrics cost"). */
const CHUNK_ROWS = 5_000;

const ROWS_IN = `SELECT purpose, model, SUM(input_tokens) AS input, SUM(output_tokens) AS output,
  SUM(cached_tokens) AS cached, COUNT(*) AS calls
  FROM usage WHERE id > ? AND id <= ? GROUP BY purpose, model`;

const yieldToEventLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

export function registerUsageCounters(registry: Registry, store: Pick<AgentStore, "db">): void {
  const registers = [registry];
  const labelNames = ["purpose", "model"] as const;
  let counted = 0;
  let reading: Promise<void> | null = null;
  const readNewRows = async (tokens: Counter<"purpose" | "model" | "type">): Promise<void> => {
    const { last } = store.db.prepare("SELECT COALESCE(MAX(id), 0) AS last FROM usage").get() as {
      last: number;
    };
    while (counted < last) {
      const upTo = Math.min(last, counted + CHUNK_ROWS);
      for (const group of store.db.prepare(ROWS_IN).all(counted, upTo) as UsageGroup[]) {
        const labels = { purpose: group.purpose, model: group.model };
        tokens.inc({ ...labels, type: "input" }, group.input);
        tokens.inc({ ...labels, type: "output" }, group.output);
        cached.inc(labels, group.cached);
        calls.inc(labels, group.calls);
      }
      counted = upTo;
      if (counted < last) await yieldToEventLoop();
    }
  };
  // The first of the three reads the new rows: a scrape serializes metrics in registration
  // order, so the other two are counted before they are written out.
  new Counter({
    name: "kern_model_tokens_total",
    help: "Model tokens by purpose (turn, job, heartbeat, subagent, summary, working-memory, notes, ...), model and type (input, output); the usage log's sums.",
    labelNames: [...labelNames, "type"],
    registers,
    async collect() {
      // Two scrapes at once share one read: the rows are counted once.
      reading ??= readNewRows(this).finally(() => {
        reading = null;
      });
      await reading;
    },
  });
  const cached = new Counter({
    name: "kern_model_cached_tokens_total",
    help: "Of the input tokens, those the provider served from its prompt cache.",
    labelNames,
    registers,
  });
  const calls = new Counter({
    name: "kern_model_usage_records_total",
    help: "Model calls in the usage log (every purpose, background ones included).",
    labelNames,
    registers,
  });
}
