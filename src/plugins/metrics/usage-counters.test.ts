import { join } from "node:path";
import { Registry } from "prom-client";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { openDatabase, type SqliteDatabase } from "../../store/index.js";
import { registerUsageCounters } from "./usage-counters.js";

function addRows(db: SqliteDatabase, count: number, purpose: string): void {
  const insert = db.prepare(
    "INSERT INTO usage (ts, turn_id, purpose, model, input_tokens, output_tokens, cached_tokens) VALUES ('2026-12-02T06:00:00.000Z', NULL, ?, 'm', 3, 1, 2)",
  );
  db.transaction(() => {
    for (let row = 0; row < count; row += 1) insert.run(purpose);
  })();
}

const value = async (registry: Registry, name: string, labels: Record<string, string>) => {
  const metric = (await registry.getMetricsAsJSON()).find((entry) => entry.name === name);
  const sample = metric?.values.find((entry) =>
    Object.entries(labels).every(([key, wanted]) => entry.labels[key] === wanted),
  );
  return sample?.value;
};

describe("the usage log's counters", () => {
  const temp = makeTempDir("kern-usage-counters-");
  let db: SqliteDatabase | undefined;
  afterEach(() => {
    db?.close();
    temp.cleanup();
  });

  it("sum a log of several chunks once, even when two scrapes overlap, then only new rows", async () => {
    db = openDatabase(join(temp.path, "kern.db"));
    addRows(db, 12_345, "turn");
    addRows(db, 10, "summary");
    const registry = new Registry();
    registerUsageCounters(registry, { db });
    await Promise.all([registry.metrics(), registry.metrics()]);
    const tokens = { name: "kern_model_tokens_total" };
    expect(await value(registry, tokens.name, { purpose: "turn", type: "input" })).toBe(3 * 12_345);
    expect(await value(registry, tokens.name, { purpose: "turn", type: "output" })).toBe(12_345);
    expect(await value(registry, "kern_model_cached_tokens_total", { purpose: "summary" })).toBe(
      20,
    );
    addRows(db, 5, "summary");
    await registry.metrics();
    expect(await value(registry, "kern_model_usage_records_total", { purpose: "summary" })).toBe(
      15,
    );
    expect(await value(registry, "kern_model_usage_records_total", { purpose: "turn" })).toBe(
      12_345,
    );
  });
});
