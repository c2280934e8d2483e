import { afterEach, describe, expect, it } from "vitest";
import { type FakeLlm, startFakeLlm } from "../../../test/fakes/fake-llm-server.js";
import {
  buildConversation,
  modelOn,
  openTestMemory,
  systemStartsWith,
  type TestMemory,
  type TestMemoryOptions,
} from "../../../test/support/memory-fixtures.js";
import type { NewMessage } from "../../kernel/index.js";
import type { SummaryModel } from "../pipeline-context.js";
import { MAX_CATCH_UP_TURNS } from "./working-memory-job.js";
import { WORKING_MEMORY_KEEPER_MARKER } from "./working-memory-prompt.js";

let memory: TestMemory | null = null;
let llm: FakeLlm | null = null;
afterEach(async () => {
  await memory?.close();
  await llm?.close();
  memory = null;
  llm = null;
});

const isKeeper = systemStartsWith(WORKING_MEMORY_KEEPER_MARKER);
const keeperModel = (server: FakeLlm): SummaryModel => modelOn(server, "fake-keeper");

function open(options: TestMemoryOptions = {}): TestMemory {
  memory = openTestMemory({ ...options, config: { workingMemory: true, ...options.config } });
  return memory;
}

const TS = "2026-04-02T06:00:00.000Z";

function turn(request: string, reply: string): NewMessage[] {
  return [
    { ts: TS, role: "user", content: request },
    { ts: TS, role: "assistant", content: reply },
  ];
}

function memoryLogWrites(opened: TestMemory) {
  return opened.store.memoryLog
    .readAll()
    .entries.filter((entry) => entry.type === "working-memory-write");
}

describe("the working-memory job", () => {
  it("updates the working memory by rules without a model, log first", async () => {
    const opened = open();
    opened.store.appendMessages(
      turn("I prefer short answers. Can you set up the cache module?", "Next I will write it."),
    );
    await opened.engine.runUntilIdle();
    const view = await opened.engine.workingMemory();
    expect(view).toMatchObject({ method: "rules", seqEnd: 2 });
    expect(view?.state.task).toEqual({
      now: "Can you set up the cache module?",
      next: "Next I will write it.",
    });
    expect(view?.state.preferences.map((item) => item.text)).toEqual(["I prefer short answers"]);
    const [entry] = memoryLogWrites(opened);
    expect(entry).toMatchObject({ content: view?.content, ts: view?.updatedAt, seqEnd: 2 });
  });

  it("writes nothing when no message is new, and nothing when switched off", async () => {
    const opened = open();
    opened.store.appendMessages(turn("Check the replica please.", "It is healthy."));
    await opened.engine.runUntilIdle();
    await opened.engine.runUntilIdle();
    expect(memoryLogWrites(opened)).toHaveLength(1);
    await opened.close();
    const off = open({ config: { workingMemory: false } });
    off.store.appendMessages(turn("Check the replica please.", "It is healthy."));
    await off.engine.runUntilIdle();
    expect(await off.engine.workingMemory()).toBeNull();
  });

  it("asks the keeper model about the latest exchange and records its usage", async () => {
    llm = await startFakeLlm();
    llm.when(isKeeper, (_request, call) =>
      call === 1
        ? '{"task": {"now": "Set up the cache", "next": "write tests"}, "decisions": [{"text": "Use SQLite", "reason": "no server"}]}'
        : '{"context": ["The API runs on port 8080"]}',
    );
    const opened = open({ summaryModel: keeperModel(llm) });
    opened.store.appendMessages(turn("Set up the cache with SQLite.", "On it."));
    await opened.engine.runUntilIdle();
    opened.store.appendMessages(turn("The API runs on port 8080, by the way.", "Noted."));
    await opened.engine.runUntilIdle();
    const keeperCalls = llm.requests.filter(isKeeper);
    expect(keeperCalls).toHaveLength(2);
    const second = String(keeperCalls[1]?.messages[1]?.content);
    expect(second).toContain("- 2026-04-02: Use SQLite (seq 0)");
    expect(second).toContain("port 8080");
    expect(second).not.toContain("Set up the cache with SQLite.");
    const view = await opened.engine.workingMemory();
    expect(view?.method).toBe("llm:fake-keeper");
    expect(view?.state).toMatchObject({
      task: { now: "Set up the cache", next: "write tests" },
      decisions: [{ text: "Use SQLite", reason: "no server" }],
      context: [{ text: "The API runs on port 8080", lastSeq: 2 }],
    });
    const usage = opened.store.db
      .prepare("SELECT model, purpose FROM usage WHERE purpose = 'working-memory'")
      .all();
    expect(usage).toEqual([
      { model: "fake-keeper", purpose: "working-memory" },
      { model: "fake-keeper", purpose: "working-memory" },
    ]);
  });

  it("keeps the rules' update when the keeper answers nonsense or fails", async () => {
    llm = await startFakeLlm();
    llm.when(isKeeper, (_request, call) =>
      call === 1 ? "Sure! I have updated the memory." : { kind: "fail", status: 503 },
    );
    const opened = open({ summaryModel: keeperModel(llm), breaker: { threshold: 1 } });
    opened.store.appendMessages(turn("Please don't use emojis in commit messages.", "Okay."));
    await opened.engine.runUntilIdle();
    expect(await opened.engine.workingMemory()).toMatchObject({ method: "rules", seqEnd: 2 });
    opened.store.appendMessages(turn("Can you tidy the changelog?", "Done."));
    await opened.engine.runUntilIdle();
    // The 503 opened the breaker (threshold 1): the third update asks no model.
    opened.store.appendMessages(turn("Now bump the version please.", "Bumped."));
    await opened.engine.runUntilIdle();
    expect(llm.requests.filter(isKeeper)).toHaveLength(2);
    const view = await opened.engine.workingMemory();
    expect(view).toMatchObject({ method: "rules", seqEnd: 6 });
    expect(view?.state.preferences.map((item) => item.text)).toEqual([
      "Please don't use emojis in commit messages",
    ]);
  });

  it(`reads the whole history with the rules when far behind, the keeper only the last turns`, async () => {
    llm = await startFakeLlm();
    llm.when(isKeeper, () => ({ kind: "fail", status: 503 }));
    const opened = open({ summaryModel: keeperModel(llm) });
    const plant = (index: number) =>
      index === 0 || index === 100 ? `We decided to use plan-${index} because it works.` : null;
    // 120 turns of 4 messages: far more than MAX_CATCH_UP_TURNS behind, and past one chunk.
    opened.store.appendMessages(buildConversation({ turns: 120 * 5, plant }));
    await opened.engine.runUntilIdle();
    const view = await opened.engine.workingMemory();
    expect(MAX_CATCH_UP_TURNS).toBeLessThan(100);
    expect(view?.state.decisions.map((item) => item.text)).toEqual([
      "We decided to use plan-0",
      "We decided to use plan-100",
    ]);
    expect(view?.state.decisions.map((item) => item.reason)).toEqual(["it works", "it works"]);
    expect(view?.seqEnd).toBe(2_400);
    // The keeper model is asked about the last exchange once, never about the catch-up.
    expect(llm.requests.filter(isKeeper)).toHaveLength(1);
  });
});
