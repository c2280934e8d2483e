// The product loop (SG-31): a paired Telegram user talks to an assembled daemon (fake LLM, fake
// Bot API); the turns land in the session log and kern.db, the memory worker closes segments and
// summarizes them with the model, and once the history no longer fits, the next model request
// carries the summary in <conversation_summary> instead of the trimmed messages.
import { readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/store/index.js";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  answerBackgroundCalls,
  readSessionLines,
  SMALL_SEGMENTS,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;
const TURNS = 8;
const SUMMARY = "- SUMMARY-MARK: Ann and I went through the first questions of the plan.";

/** Each turn is about its own made-up topic, so a trimmed message is easy to look for. */
const TOPICS = ["harbor", "violin", "glacier", "orchard", "lantern", "meteor", "saffron", "tundra"];

const question = (index: number) =>
  `Question ${index} about the ${TOPICS[index]}: what do you know about it, and why does it matter?`;

/** About 220 tokens: eight turns overflow the 4000-token budget next to the larger system prompt
 * (the documents and the tools of every source: jobs, sub-agents, web, skills). */
const answer = (index: number) =>
  `Answer ${index}: the **${TOPICS[index]}** matters because ${"it connects every part of the plan and keeps the schedule honest, ".repeat(14)}that is all.`;

/** The <conversation_summary> block of a request's system prompt (KERN.md only mentions it). */
function summaryBlockOf(request: FakeChatRequest | undefined): string | null {
  const system = String(request?.messages[0]?.content ?? "");
  return /^<conversation_summary>\n[\s\S]*?^<\/conversation_summary>$/m.exec(system)?.[0] ?? null;
}

/** What Telegram shows of an answer (the Markdown bold became an entity). */
const shown = (markdown: string) => markdown.replaceAll("**", "");

describe("the product loop", () => {
  let telegram: FakeTelegram | undefined;
  let harness: TestDaemon | undefined;

  afterEach(async () => {
    await harness?.close();
    await telegram?.close();
    harness = undefined;
    telegram = undefined;
  });

  it("turns Telegram messages into replies, log entries, index rows, summaries and a trimmed prompt", async () => {
    telegram = await startFakeTelegram();
    const fake = telegram;
    harness = await startTestDaemon({
      telegram: fake,
      config: { maxContextTokens: 4000, segmentation: SMALL_SEGMENTS },
    });
    const { llm, client, daemon, agentDir } = harness;
    answerBackgroundCalls(llm, SUMMARY);
    llm.when(
      () => true,
      (request) => {
        // The user's words: after autoRecall's <recall> block, when the message carries one.
        const said = String(request.messages.at(-1)?.content).split("</recall>\n\n").at(-1);
        const index = /Question (\d+)/.exec(said ?? "")?.[1];
        return index === undefined ? "We covered eight topics." : answer(Number(index));
      },
    );

    fake.userSays({ chatId: ANN, text: "hi" });
    const code = await fake.waitFor("sendMessage", (call) => /KERN-\w{4}/.test(call.text ?? ""));
    await client.pairingApprove(/KERN-\w{4}/.exec(code.text ?? "")?.[0] ?? "");

    for (let index = 0; index < TURNS; index += 1) {
      fake.userSays({ chatId: ANN, text: question(index) });
      await waitUntil(() => fake.messages(ANN).includes(shown(answer(index))), `answer ${index}`);
    }
    // The replies went out as Telegram HTML (streamed: a message, then edits of it).
    const outbound = [...fake.sent("sendMessage"), ...fake.sent("editMessageText")];
    expect(outbound.some((call) => call.text?.includes("<b>harbor</b>"))).toBe(true);
    expect(outbound.every((call) => call.ok && call.chatId === ANN)).toBe(true);

    // JSONL: the session log holds every message, the user's with their Telegram envelope.
    const sessionId = basename((await client.status()).session.id);
    const lines = readSessionLines(agentDir, `${sessionId}.jsonl`);
    const messages = lines.filter((line) => line["type"] === "message");
    expect(messages).toHaveLength(2 * TURNS);
    expect(messages[0]).toMatchObject({
      seq: 0,
      role: "user",
      content: question(0),
      meta: { interface: "telegram", user: String(ANN), channel: String(ANN), name: "Ann" },
    });
    expect(messages[1]).toMatchObject({ seq: 1, role: "assistant", content: answer(0) });

    // Once the worker is idle, closed segments carry the model's summary, in both logs and kern.db.
    await daemon.memory.runUntilIdle();
    const db = openDatabase(join(agentDir, ".kern", "kern.db"));
    try {
      // The rows hold no text (ADR 0017): each points at its message's line in the session log.
      const log = readFileSync(
        join(agentDir, ".kern", db.prepare("SELECT file FROM sessions").pluck().get() as string),
      );
      const rows = db.prepare("SELECT at, bytes FROM messages ORDER BY seq").all() as Array<{
        at: number;
        bytes: number;
      }>;
      const texts = rows.map(
        (row) => JSON.parse(log.toString("utf8", row.at, row.at + row.bytes)).content,
      );
      expect(texts).toEqual(messages.map((line) => line["content"]));
      const segments = db
        .prepare("SELECT seq_start, seq_end, summary, method, stale FROM segments WHERE level = 0")
        .all() as Array<{ seq_start: number; summary: string; method: string; stale: number }>;
      expect(segments.length).toBeGreaterThanOrEqual(2);
      expect(segments[0]?.seq_start).toBe(0);
      for (const segment of segments) {
        expect(segment).toMatchObject({ method: "llm:fake-model", stale: 0 });
        expect(segment.summary).toContain("SUMMARY-MARK");
      }
    } finally {
      db.close();
    }
    const memoryLog = readFileSync(join(agentDir, ".kern", "memory.jsonl"), "utf8");
    expect(memoryLog).toContain('"type":"segment-close"');
    expect(memoryLog).toContain('"type":"summary-write"');

    // The next turn no longer fits the 4000-token budget: the oldest turns leave the window and
    // their summary stands in for them.
    expect(turnRequests(llm)).toHaveLength(TURNS);
    fake.userSays({ chatId: ANN, text: "What did we talk about?" });
    await waitUntil(() => fake.messages(ANN).includes("We covered eight topics."), "last answer");
    const next = turnRequests(llm)[TURNS];
    const block = summaryBlockOf(next);
    expect(block).toContain("SUMMARY-MARK");
    expect(summaryBlockOf(turnRequests(llm)[0])).toBeNull();
    // The window starts at some question k > 0: questions 0..k-1 and their answers are gone from
    // the messages, and the summaries in the block cover exactly those messages, seq 0..2k-1.
    const window = (next?.messages.slice(1) ?? []).map((message) => String(message.content));
    expect(window.at(-1)).toContain("What did we talk about?");
    const first = TOPICS.findIndex((_, index) =>
      window.some((text) => text.includes(question(index))),
    );
    expect(first).toBeGreaterThan(0);
    for (let index = 0; index < TURNS; index += 1) {
      const kept = index >= first;
      expect(window.some((text) => text.includes(question(index)))).toBe(kept);
      expect(window.some((text) => text.includes(answer(index)))).toBe(kept);
    }
    const covered = [...(block ?? "").matchAll(/^messages: (\d+)-(\d+)$/gm)].map((match) => [
      Number(match[1]),
      Number(match[2]),
    ]);
    expect(covered[0]?.[0]).toBe(0);
    expect(covered.at(-1)?.[1]).toBe(2 * first - 1);
    for (let index = 1; index < covered.length; index += 1) {
      expect(covered[index]?.[0]).toBe((covered[index - 1]?.[1] ?? 0) + 1);
    }
    const stats = await client.contextStats();
    expect(stats.trimmedCount).toBeGreaterThan(0);
    expect(stats.tokens.total).toBeLessThanOrEqual(4000);
  });
});
