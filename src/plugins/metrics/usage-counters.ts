// The token counters, read from the usage log (the `usage` rows of kern.db that every model call
// writes: turns, sub-agents and the memory worker's summaries alike), so they match it exactly
// and cover the background calls no event reports. Each scrape reads only the rows added since
// the last one (an index range on the primary key); the first reads the agent's whole history.
import { Counter, type Registry } from "prom-client";
import type { AgentStore } from "../../store/index.js";

interface UsageGroup {
  purpose: string;
  model: string;
  input: number;
  output: number;
  cached: number;
  calls: number;
  last: number;
}

const NEW_ROWS = `SELECT purpose, model, SUM(input_tokens) AS input, SUM(output_tokens) AS output,
  SUM(cached_tokens) AS cached, COUNT(*) AS calls, MAX(id) AS last
  FROM usage WHERE id > ? GROUP BY purpose, model`;

export function registerUsageCounters(registry: Registry, store: Pick<AgentStore, "db">): void {
  const registers = [registry];
  const labelNames = ["purpose", "model"] as const;
  let lastId = 0;
  // The first of the three reads the new rows: a scrape serializes metrics in registration
  // order, so the other two are counted before they are written out.
  new Counter({
    name: "kern_model_tokens_total",
    help: "Model tokens by purpose (turn, job, heartbeat, subagent, summary, working-memory, notes, ...), model and type (input, output); the usage log's sums.",
    labelNames: [...labelNames, "type"],
    registers,
    collect() {
      const groups = store.db.prepare(NEW_ROWS).all(lastId) as UsageGroup[];
      for (const group of groups) {
        const labels = { purpose: group.purpose, model: group.model };
        this.inc({ ...labels, type: "input" }, group.input);
        this.inc({ ...labels, type: "output" }, group.output);
        cached.inc(labels, group.cached);
        calls.inc(labels, group.calls);
        lastId = Math.max(lastId, group.last);
      }
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
