// Telegram updates are handled per chat (issue 49 item 7): the real daemon, the fake Bot API and
// the fake LLM, whose description of a photo takes 5 s. Before the fix the bot handled one update
// at a time, and another user's text waited for the description (20.4 s for a 20 s one).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DESCRIBE_IMAGE_PROMPT } from "../../src/plugins/media/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  answerBackgroundCalls,
  lastUserText,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;
const BOB = 43;
const DESCRIBE_MS = 5000;
const PNG = readFileSync(join(import.meta.dirname, "../fixtures/media/photo.png"));

const isDescription = (request: { messages: ReadonlyArray<{ content?: unknown }> }) =>
  String(request.messages[0]?.content).startsWith(DESCRIBE_IMAGE_PROMPT.slice(0, 30));

describe("Telegram chats handled concurrently", () => {
  let telegram: FakeTelegram;
  let harness: TestDaemon;

  async function pair(chatId: number, name: string): Promise<void> {
    telegram.userSays({ chatId, userId: chatId, firstName: name, text: "hi" });
    const reply = await telegram.waitFor(
      "sendMessage",
      (call) => call.chatId === chatId && /KERN-[A-Z0-9]{4}/.test(call.text ?? ""),
    );
    await harness.client.pairingApprove(/KERN-[A-Z0-9]{4}/.exec(reply.text ?? "")?.[0] ?? "");
  }

  beforeEach(async () => {
    telegram = await startFakeTelegram();
    harness = await startTestDaemon({ telegram, config: { vision: true } });
    answerBackgroundCalls(harness.llm, "- Ann and Bob wrote.");
    harness.llm.when(isDescription, () => ({
      kind: "text" as const,
      text: "A blue rectangle.",
      delayMs: DESCRIBE_MS,
    }));
    await pair(ANN, "Ann");
    await pair(BOB, "Bob");
  });

  afterEach(async () => {
    await harness.close();
    await telegram.close();
  });

  /** The index of the turn (not the description) whose message holds `words`; -1 before it. */
  const turnOf = (words: string) =>
    turnRequests(harness.llm)
      .filter((request) => !isDescription(request))
      .findIndex((request) => lastUserText(request).includes(words));

  it("answers another chat during a slow photo, and keeps each chat's order", async () => {
    telegram.userSendsFile({ chatId: ANN, kind: "photo", bytes: PNG, caption: "the photo" });
    telegram.userSays({ chatId: ANN, userId: ANN, text: "after the photo" });
    await waitUntil(() => harness.llm.requests.find(isDescription), "the description request");
    const askedAt = Date.now();
    telegram.userSays({ chatId: BOB, userId: BOB, text: "bob meanwhile" });
    await waitUntil(() => turnOf("bob meanwhile") >= 0, "Bob's turn", DESCRIBE_MS);
    const waitedMs = Date.now() - askedAt;
    expect(waitedMs).toBeLessThan(2000);
    // Ann's photo is still being described, and her next message waits behind it.
    expect(turnOf("the photo")).toBe(-1);
    expect(turnOf("after the photo")).toBe(-1);
    await waitUntil(() => turnOf("after the photo") >= 0, "Ann's second turn", 15_000);
    expect(turnOf("the photo")).toBeGreaterThanOrEqual(0);
    expect(turnOf("the photo")).toBeLessThan(turnOf("after the photo"));
  });
});
