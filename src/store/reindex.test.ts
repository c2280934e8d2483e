import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { FakeClock } from "../kernel/index.js";
import { openAgentStore } from "./agent-store.js";
import { type ReindexProgress, reindexAgent } from "./reindex.js";

describe("reindexAgent's progress", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it("gives the messages phase a total from the start, and ends each phase full", () => {
    const paths = {
      sessionsDir: join(temp.path, "sessions"),
      memoryLog: join(temp.path, "memory.jsonl"),
      database: join(temp.path, "kern.db"),
    };
    const store = openAgentStore({ paths, clock: new FakeClock(), countTokens: () => 1 });
    store.appendMessages(
      Array.from({ length: 2500 }, (_, index) => ({
        ts: "2026-04-02T06:00:00.000Z",
        role: "user" as const,
        content: `message ${index}`,
      })),
    );
    store.close();
    const seen: ReindexProgress[] = [];
    reindexAgent({ paths, countTokens: () => 1, onProgress: (progress) => seen.push(progress) });
    const messages = seen.filter((progress) => progress.phase === "messages");
    expect(messages.length).toBeGreaterThan(1);
    expect(
      messages.every((progress) => progress.total >= progress.done && progress.total > 0),
    ).toBe(true);
    expect(messages.at(-1)).toMatchObject({ done: 2500, total: 2500 });
    const memory = seen.filter((progress) => progress.phase === "memory");
    expect(memory.at(-1)?.done).toBe(memory.at(-1)?.total);
  });
});
