import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { createLocalEmbedder } from "../embeddings/local-embedder.js";
import { rerankByVector } from "./vector-rerank.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const at = (minute: number) => new Date(Date.parse("2026-03-01T08:00:00Z") + minute * 60_000);

/** Two messages share the query's only content word; one of them is about what the query means. */
async function twoCandidates(): Promise<{ memory: TestMemory; ids: number[] }> {
  const opened = openTestMemory();
  opened.store.appendMessages([
    {
      ts: at(1).toISOString(),
      role: "user",
      content: "The doctor wants the quarterly budget spreadsheet by Friday.",
    },
    {
      ts: at(2).toISOString(),
      role: "user",
      content: "The doctor prescribed a cream for the rash and eczema on my arm.",
    },
  ]);
  await opened.engine.runUntilIdle();
  const ids = opened.store.messages.search("doctor", { k: 10 }).map((hit) => hit.id);
  return { memory: opened, ids: ids.sort((a, b) => a - b) };
}

describe("rerankByVector", () => {
  it("orders the candidates by meaning, when both share the same word", async () => {
    const { memory: opened, ids } = await twoCandidates();
    memory = opened;
    const deps = { store: opened.store, embedder: createLocalEmbedder() };
    const query = "which doctor treated my skin condition";
    const ranked = await rerankByVector(deps, query, ids, { meaning: 0.5, keep: 10 });
    expect(ranked).toEqual([ids[1], ids[0]]);
    const meaningOnly = await rerankByVector(deps, query, ids, { meaning: 1, keep: 1 });
    expect(meaningOnly).toEqual([ids[1]]);
  });

  it("abstains without candidates or without a word to embed", async () => {
    const { memory: opened, ids } = await twoCandidates();
    memory = opened;
    const deps = { store: opened.store, embedder: createLocalEmbedder() };
    expect(await rerankByVector(deps, "doctor", [], { meaning: 0.5, keep: 10 })).toEqual([]);
    expect(await rerankByVector(deps, "the of and", ids, { meaning: 0.5, keep: 10 })).toEqual([]);
  });
});
