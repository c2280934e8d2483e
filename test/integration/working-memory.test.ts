// Working memory (SPEC §4) end to end: the daemon's background keeper (fake model and rules)
// keeps preferences, decisions and files through 50 more turns while stale context fades; a
// reindex restores it exactly with no model call; and no turn ever waits for the keeper.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { initAgent, reindex } from "../../src/daemon/index.js";
import type { NewMessage } from "../../src/kernel/index.js";
import { WORKING_MEMORY_KEEPER_MARKER, type WorkingMemoryView } from "../../src/memory/index.js";
import { type FakeChatRequest, type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { openTestMemory, type TestMemory } from "../support/memory-fixtures.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  KEEPER_NO_CHANGES,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const isKeeper = (request: FakeChatRequest) =>
  String(request.messages[0]?.content).startsWith(WORKING_MEMORY_KEEPER_MARKER);

const PREFERENCE = "I prefer short answers with the code first. Can you review the cache layer?";
const DECISION =
  "We decided to use SQLite for the cache because it needs no server. Please add src/cache.ts and wire it into src/db.ts.";
const CONTEXT = "FYI the staging host is staging-7.";
const MOVE_ON = "Now let's plan the garden irrigation for the tomatoes.";
/** Fifty turns on other topics: none mentions staging, hosts or the cache. */
const FILLER = Array.from(
  { length: 50 },
  (_, index) =>
    `Give me idea number ${index} for the ${["greenhouse", "compost", "seedlings"][index % 3]} beds.`,
);

/** The keeper model's answers, by what the latest exchange says. */
function keeperAnswer(request: FakeChatRequest): string {
  const prompt = String(request.messages[1]?.content ?? "");
  const exchange = prompt.slice(prompt.indexOf("<latest_exchange>"));
  const answer = (value: object) => JSON.stringify(value);
  if (exchange.includes("I prefer short answers"))
    return answer({
      task: { now: "Review the cache layer", next: null },
      preferences: [{ text: "Short answers, code first", replaces: null }],
    });
  if (exchange.includes("We decided to use SQLite"))
    return answer({
      task: { now: "Set up the SQLite cache", next: "wire it into the API" },
      decisions: [{ text: "Use SQLite for the cache", reason: "it needs no server" }],
      files: [{ path: "src/cache.ts", note: "SQLite cache module" }],
    });
  if (exchange.includes("staging-7")) return answer({ context: ["The staging host is staging-7"] });
  if (exchange.includes("garden irrigation"))
    return answer({ task: { now: "Plan the garden irrigation", next: "list the beds" } });
  return KEEPER_NO_CHANGES;
}

let harness: TestDaemon | null = null;
let memory: TestMemory | null = null;
const cleanups: Array<() => void> = [];
afterEach(async () => {
  await harness?.close();
  await memory?.close();
  harness = null;
  memory = null;
  for (const cleanup of cleanups.splice(0)) cleanup();
});

/** A daemon on an agent folder the test keeps (so it can be reindexed after the daemon stops). */
async function startDaemon(config: Record<string, unknown> = {}): Promise<TestDaemon> {
  const temp = makeTempDir("kern-working-memory-");
  cleanups.push(temp.cleanup);
  const agentDir = join(temp.path, "agent");
  await initAgent({ agentDir, git: false });
  mkdirSync(join(agentDir, "src"), { recursive: true });
  writeFileSync(join(agentDir, "src", "db.ts"), "export const db = open();\n");
  harness = await startTestDaemon({ agentDir, config: { workingMemory: true, ...config } });
  return harness;
}

async function say(daemon: TestDaemon, text: string): Promise<void> {
  const { turnId } = await daemon.client.sendMessage({ text });
  expect((await daemon.turnEvents(turnId)).at(-1)).toMatchObject({ stopReason: "end" });
}

/** The scripted conversation: preference, decision with write + edit calls, a fact, a new topic. */
async function scriptedConversation(daemon: TestDaemon): Promise<void> {
  const { llm } = daemon;
  llm.defaultReply = "Noted.";
  for (const text of [PREFERENCE, DECISION, CONTEXT, MOVE_ON]) {
    if (text === DECISION) {
      llm.replyToolCall("write", { path: "src/cache.ts", content: "export const cache = 1;\n" });
      llm.replyToolCall("edit", { path: "src/db.ts", oldText: "open()", newText: "open(cache)" });
      llm.reply("Done: src/cache.ts exists and src/db.ts uses it.");
    }
    await say(daemon, text);
    await daemon.daemon.memory.runUntilIdle(); // each exchange reaches the keeper on its own
  }
}

function expectLasting(view: WorkingMemoryView | null): void {
  expect(view?.state.preferences.map((item) => item.text)).toEqual(["Short answers, code first"]);
  expect(view?.state.decisions).toMatchObject([
    { text: "Use SQLite for the cache", reason: "it needs no server" },
  ]);
  expect(view?.state.files).toMatchObject([
    { path: "src/cache.ts", note: "SQLite cache module" },
    { path: "src/db.ts", note: "edited (edit)" },
  ]);
  expect(view?.content).toContain("## User Preferences\n- Short answers, code first");
}

describe("working memory through the daemon", () => {
  it("keeps the preference, the decision and both files for 50 turns while stale context fades", async () => {
    const daemon = await startDaemon();
    daemon.llm.when(isKeeper, keeperAnswer);
    await scriptedConversation(daemon);
    const early = await daemon.daemon.memory.workingMemory();
    expectLasting(early);
    expect(early?.method).toBe("llm:fake-model");
    expect(early?.state.task).toEqual({ now: "Plan the garden irrigation", next: "list the beds" });
    expect(early?.state.context.map((item) => item.text)).toEqual([
      "Earlier task: Set up the SQLite cache",
      "The staging host is staging-7",
    ]);
    // The next turn's prompt carries it.
    await say(daemon, "What are we doing?");
    expect(String(turnRequests(daemon.llm).at(-1)?.messages[0]?.content)).toContain(
      `<working_memory>\n${early?.content}\n</working_memory>`,
    );

    for (const text of FILLER) await say(daemon, text);
    await daemon.daemon.memory.runUntilIdle();
    const late = await daemon.daemon.memory.workingMemory();
    expectLasting(late);
    expect(late?.seqEnd).toBe(daemon.daemon.store.messages.nextSeq(late?.session ?? ""));
    expect(late?.state.context).toEqual([]);
    expect(late?.content).toContain("## Important Context\n_none yet_");
  });

  it("restores the working memory exactly after kern.db is deleted, with no model request", async () => {
    const daemon = await startDaemon();
    daemon.llm.when(isKeeper, keeperAnswer);
    await scriptedConversation(daemon);
    const before = await daemon.daemon.memory.workingMemory();
    const { agentDir } = daemon;
    await daemon.close();
    harness = null;

    const llm: FakeLlm = await startFakeLlm();
    try {
      rmSync(join(agentDir, ".kern", "kern.db"), { force: true });
      await reindex({ agentDir });
      const env = { KERN_MODEL: "fake-model", KERN_BASE_URL: llm.baseUrl };
      const printed = await runKern(["memory", agentDir, "--json"], env);
      expect(printed.code).toBe(0);
      expect(JSON.parse(printed.stdout)).toEqual(before);
      const text = await runKern(["memory", agentDir], env);
      expect(text.stdout).toContain(before?.content ?? "missing");
      expect(llm.requests).toHaveLength(0);
    } finally {
      await llm.close();
    }
  });

  it("ends a turn long before a slow keeper call returns", async () => {
    // The keeper answers after 6 s; the second turn takes ~50 ms unloaded.
    const daemon = await startDaemon({ idleTimeoutMs: 15_000 });
    daemon.llm.when(isKeeper, () => ({ kind: "text", text: KEEPER_NO_CHANGES, delayMs: 6_000 }));
    daemon.llm.defaultReply = "Sure.";
    await say(daemon, "First question about the harbor schedule?");
    await waitUntil(() => daemon.llm.requests.some(isKeeper), "the keeper call");
    await say(daemon, "Second question about the harbor schedule?");
    // The keeper is still thinking: the second turn ran without waiting for its answer.
    expect(await daemon.daemon.memory.workingMemory()).toBeNull();
    expect(String(turnRequests(daemon.llm)[1]?.messages[0]?.content)).not.toMatch(
      /^<working_memory>$/m,
    );
    const landed = await waitUntil(
      () =>
        daemon.daemon.store.state.workingMemory(daemon.daemon.store.sessionLog.sessionId) ??
        undefined,
      "the working memory",
      20_000,
    );
    expect(landed?.method).toBe("llm:fake-model");
  });
});

describe("working memory by rules (no model)", () => {
  const ts = (minute: number) => new Date(Date.UTC(2026, 3, 2, 6, minute)).toISOString();
  let minute = 0;
  const turn = (request: string, reply: string, calls: NewMessage[] = []): NewMessage[] => {
    minute += 1;
    return [
      { ts: ts(minute), role: "user", content: request },
      ...calls,
      { ts: ts(minute), role: "assistant", content: reply },
    ];
  };
  const toolCalls: NewMessage[] = [
    {
      ts: ts(0),
      role: "assistant",
      content: null,
      toolCalls: [
        {
          id: "w1",
          type: "function",
          function: { name: "write", arguments: '{"path":"src/cache.ts","content":"x\\ny"}' },
        },
        {
          id: "e1",
          type: "function",
          function: {
            name: "edit",
            arguments: '{"path":"src/db.ts","oldText":"open()","newText":"open(cache)"}',
          },
        },
      ],
    },
    { ts: ts(0), role: "tool", content: "wrote 3 characters", toolCallId: "w1" },
    { ts: ts(0), role: "tool", content: "edited src/db.ts", toolCallId: "e1" },
  ];

  it("keeps the preference, the decision and both files for 50 turns while stale context fades", async () => {
    memory = openTestMemory({ config: { workingMemory: true } });
    const { store, engine } = memory;
    const script = [
      turn(PREFERENCE, "Sure, let me look."),
      turn(DECISION, "Done. Next I will add tests.", toolCalls),
      turn(CONTEXT, "Noted."),
      turn(MOVE_ON, "Next I will list the beds."),
    ];
    for (const messages of script) {
      store.appendMessages(messages);
      await engine.runUntilIdle();
    }
    const early = await engine.workingMemory();
    expect(early?.method).toBe("rules");
    expect(early?.state.context.map((item) => item.text)).toEqual([
      "Earlier task: Please add src/cache.ts and wire it into src/db.ts.",
      "FYI the staging host is staging-7",
    ]);
    for (const text of FILLER) {
      store.appendMessages(turn(text, "Here is one idea."));
      await engine.runUntilIdle();
    }
    const late = await engine.workingMemory();
    expect(late?.state.preferences.map((item) => item.text)).toEqual([
      "I prefer short answers with the code first",
    ]);
    expect(late?.state.decisions).toEqual([
      {
        date: "2026-04-02",
        text: "We decided to use SQLite for the cache",
        reason: "it needs no server",
        seq: 2,
      },
    ]);
    expect(late?.state.files).toEqual([
      { path: "src/cache.ts", note: "created (write, 2 lines)", seq: 2 },
      { path: "src/db.ts", note: "edited (edit)", seq: 2 },
    ]);
    expect(late?.state.context.some((item) => /staging|cache/.test(item.text))).toBe(false);
  });
});
