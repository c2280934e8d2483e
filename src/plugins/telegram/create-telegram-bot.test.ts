import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fakes/fake-telegram-server.js";
import { loadRecordedExchange } from "../../../test/fakes/recorded-exchange.js";
import { parseJsonRecord } from "../../../test/support/json-lines.js";
import type { KernError } from "../../kernel/index.js";
import { createLogger, createSilentLogger, type Logger } from "../../log/index.js";
import { createTelegramBot, type TelegramBot } from "./create-telegram-bot.js";

const ANN = 501;

describe("createTelegramBot", () => {
  let fake: FakeTelegram;
  let runtime: FakeRuntime;
  let bot: TelegramBot | undefined;

  beforeEach(async () => {
    fake = await startFakeTelegram();
    runtime = new FakeRuntime();
  });

  afterEach(async () => {
    await bot?.stop();
    bot = undefined;
    await fake.close();
  });

  async function startBot(options: { logger?: Logger; withBotInfo?: boolean } = {}) {
    bot = createTelegramBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      runtime,
      logger: options.logger ?? createSilentLogger(),
      editIntervalMs: 200,
      ...(options.withBotInfo === false ? {} : { botInfo: fake.botInfo }),
    });
    await bot.start();
    return bot;
  }

  /** An unknown user writes, gets a code, and the operator approves it. */
  async function pair(chatId: number, userId = chatId): Promise<void> {
    fake.userSays({ chatId, userId, text: "hi" });
    const reply = await fake.waitFor("sendMessage", (call) => /KERN-\w{4}/.test(call.text ?? ""));
    const code = /KERN-\w{4}/.exec(reply.text ?? "")?.[0] ?? "";
    await runtime.pairing.approve(code);
  }

  const lastMessage = (chatId: number) => fake.messages(chatId).at(-1);

  it("answers an unknown user with a pairing code and lets nothing reach the runtime", async () => {
    await startBot({ withBotInfo: false });
    fake.userSays({ chatId: ANN, text: "/start" });
    const reply = await fake.waitFor("sendMessage", (call) => call.chatId === ANN);
    expect(reply.text).toMatch(/Hi Ann!/);
    expect(reply.text).toMatch(/kern pair KERN-\w{4}/);
    fake.userSays({ chatId: ANN, text: "let me in" });
    await fake.waitFor("sendMessage", (call) => call.chatId === ANN && call !== reply);
    const codes = fake.sent("sendMessage").map((call) => /KERN-\w{4}/.exec(call.text ?? "")?.[0]);
    expect(new Set(codes).size).toBe(1);
    expect(runtime.envelopes).toEqual([]);
    expect(fake.sent("getMe")).toHaveLength(1);
  });

  it("submits a paired user's message and streams the reply back", async () => {
    await startBot();
    await pair(ANN);
    fake.userSays({ chatId: ANN, text: "hello there" });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: hello there");
    expect(runtime.envelopes).toHaveLength(1);
    expect(runtime.envelopes[0]).toMatchObject({
      interface: "telegram",
      channel: String(ANN),
      user: String(ANN),
      name: "Ann",
      text: "hello there",
    });
    expect(lastMessage(ANN)).toBe("echo: hello there");
    expect(fake.sent("sendChatAction").some((call) => call.chatId === ANN)).toBe(true);
    expect(fake.sent("setMyCommands")).toHaveLength(1);
  });

  it("greets a paired user on /start without a turn, and submits other commands as text", async () => {
    await startBot();
    await pair(ANN);
    fake.userSays({ chatId: ANN, text: "/start" });
    await fake.waitFor("sendMessage", (call) => (call.text ?? "").includes("We're paired"));
    fake.userSays({ chatId: ANN, text: "/status" });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: /status");
    expect(runtime.envelopes.map((envelope) => envelope.text)).toEqual(["/status"]);
  });

  it("delivers a 10,000-character reply complete, in order, as several messages", async () => {
    const paragraph = (index: number) =>
      `Paragraph ${index}: ${"the quick brown fox jumps over the lazy dog ".repeat(8)}`;
    const parts = Array.from({ length: 30 }, (_, index) => paragraph(index));
    const reply = `${parts.join("\n\n")}\n\nTHE END`;
    expect(reply.length).toBeGreaterThan(10_000);
    runtime.reply(reply);
    await startBot();
    await pair(ANN);
    fake.userSays({ chatId: ANN, text: "tell me a long story" });
    await fake.waitFor("sendMessage", (call) => (call.text ?? "").endsWith("THE END"));
    const delivered = fake.messages(ANN).slice(1); // the first is the pairing reply
    expect(delivered.length).toBeGreaterThanOrEqual(3);
    expect(delivered.join("")).toBe(reply);
    for (const call of fake.sent("sendMessage")) expect(call.ok).toBe(true);
  });

  it("delivers comparisons and unbalanced markup intact", async () => {
    const reply = "Is a < b && c > d? **bold never closed, and `x<y>` is code";
    runtime.reply(reply);
    await startBot();
    await pair(ANN);
    fake.userSays({ chatId: ANN, text: "compare" });
    await fake.waitFor(
      "sendMessage",
      (call) =>
        call.chatId === ANN && call.parseMode === "HTML" && (call.text ?? "").startsWith("Is a"),
    );
    await bot?.channel.send({ user: String(ANN), chat: String(ANN), text: "marker" });
    expect(fake.messages(ANN).at(-2)).toBe(
      "Is a < b && c > d? **bold never closed, and x<y> is code",
    );
  });

  it("waits retry_after seconds after a 429 and then delivers", async () => {
    await startBot();
    await pair(ANN);
    fake.failNext("sendMessage", { code: 429, retryAfter: 1 });
    const saidAt = Date.now();
    fake.userSays({ chatId: ANN, text: "busy?" });
    const delivered = await fake.waitFor("sendMessage", (call) => call.text === "echo: busy?");
    expect(delivered.at - saidAt).toBeGreaterThanOrEqual(1000);
    expect(fake.sent("sendMessage").filter((call) => call.errorCode === 429)).toHaveLength(1);
    expect(lastMessage(ANN)).toBe("echo: busy?");
  });

  it("logs a 409 conflict on getUpdates at error level and keeps polling", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line) => lines.push(line) },
    });
    await startBot({ logger });
    // The restart after the failure calls deleteWebhook again; the first call is not it (a
    // timestamp can tie with the first call's in the same millisecond).
    const earlier = new Set(fake.sent("deleteWebhook"));
    fake.failNext("getUpdates", { code: 409 });
    await fake.waitFor("deleteWebhook", (call) => !earlier.has(call));
    const errors = lines.map(parseJsonRecord);
    const conflict = errors.find((entry) => entry["status"] === 409);
    expect(conflict?.["level"]).toBe(50);
    expect(String(conflict?.["msg"])).toContain("another process is polling");
    expect(lines.join("\n")).not.toContain(fake.token);
    await pair(ANN);
    fake.userSays({ chatId: ANN, text: "still there?" });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: still there?");
  });

  it("logs a rejected token clearly and still resolves start", async () => {
    const lines: string[] = [];
    const logger = createLogger({
      level: "info",
      destination: { write: (line) => lines.push(line) },
    });
    bot = createTelegramBot({
      token: "999:not-the-right-token",
      apiRoot: fake.apiRoot,
      runtime,
      logger,
      editIntervalMs: 200,
    });
    await bot.start();
    const entries = lines.map(parseJsonRecord);
    const rejected = entries.find((entry) => entry["status"] === 401);
    expect(rejected?.["level"]).toBe(50);
    expect(String(rejected?.["msg"])).toContain("TELEGRAM_BOT_TOKEN");
    expect(lines.join("\n")).not.toContain("not-the-right-token");
  });

  it("turns a burst of 50 messages into 50 envelopes and replies, in order", async () => {
    await startBot();
    await pair(ANN);
    const texts = Array.from({ length: 50 }, (_, index) => `message ${index + 1}`);
    for (const text of texts) fake.userSays({ chatId: ANN, text });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: message 50");
    expect(runtime.envelopes.map((envelope) => envelope.text)).toEqual(texts);
    expect(fake.messages(ANN).slice(1)).toEqual(texts.map((text) => `echo: ${text}`));
  });

  it("ignores group messages that do not mention the bot", async () => {
    await startBot();
    await pair(ANN);
    const group = { chatId: -1001, userId: ANN, chatType: "supergroup" as const };
    fake.userSays({ ...group, text: "just chatting among humans" });
    fake.userSays({ ...group, text: `@${fake.botInfo.username} what's the plan?` });
    fake.userSays({ ...group, text: "and the budget?", replyToBot: true });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: and the budget?");
    expect(runtime.envelopes.map((envelope) => envelope.text)).toEqual([
      "what's the plan?",
      "and the budget?",
    ]);
    expect(runtime.envelopes[0]?.channel).toBe("-1001");
  });

  it("sends proactive messages rendered and split, and rejects when Telegram refuses", async () => {
    const sender = (await startBot()).channel;
    expect(sender.id).toBe("telegram");
    const long = `**Reminder**\n\n${"take a break. ".repeat(400)}`;
    await sender.send({ user: "9", chat: "9", text: long });
    const messages = fake.messages(9);
    expect(messages.length).toBe(2);
    expect(messages[0]?.startsWith("Reminder\n\ntake a break.")).toBe(true);
    const error = await sender
      .send({ user: "9", chat: "@nowhere", text: "hi" })
      .catch((caught: unknown) => caught);
    expect((error as KernError).code).toBe("KERN_CHANNEL_API");
  });

  it("stops promptly while a long poll is pending, and start/stop are idempotent", async () => {
    const started = await startBot();
    await started.start();
    fake.userSays({ chatId: ANN, text: "anyone?" }); // answered, so the next long poll is pending
    await fake.waitFor("sendMessage", (call) => call.chatId === ANN);
    const stopAt = Date.now();
    await started.stop();
    await started.stop();
    expect(Date.now() - stopAt).toBeLessThan(10_000); // the pending long poll lasts 30 s
    const error = await started.channel
      .send({ user: "1", chat: "1", text: "late" })
      .catch((caught: unknown) => caught);
    expect((error as KernError).code).toBe("KERN_CHANNEL_API");
  });

  // Bot API answers written from the Telegram Bot API reference (test/fixtures/wire/telegram/),
  // replayed byte for byte: an update as Telegram sends it, a 429 as Telegram refuses a flood.
  describe("against recorded wire fixtures", () => {
    /** The chat and user of the recorded update. */
    const RECORDED_USER = 5123456789;

    it("reads a recorded update: the unknown user gets a pairing code, the runtime nothing", async () => {
      fake.replayNext("getUpdates", loadRecordedExchange("telegram/get-updates-message.http"));
      await startBot();
      const reply = await fake.waitFor("sendMessage", (call) => call.chatId === RECORDED_USER);
      expect(reply.text).toMatch(/Your pairing code: KERN-\w{4}/);
      expect(reply.text).toMatch(/kern pair KERN-\w{4}/);
      expect(runtime.envelopes).toEqual([]);
      // the bot acknowledged the recorded update id: a later update still reaches it
      fake.userSays({ chatId: 777, text: "/start" });
      await fake.waitFor("sendMessage", (call) => call.chatId === 777);
    });

    it("waits the recorded retry_after after a 429 on sendMessage, then delivers", async () => {
      fake.replayNext("sendMessage", loadRecordedExchange("telegram/send-message-429.http"));
      fake.replayNext("getUpdates", loadRecordedExchange("telegram/get-updates-message.http"));
      await startBot();
      const delivered = await fake.waitFor("sendMessage", (call) => call.chatId === RECORDED_USER);
      const [refused] = fake.sent("sendMessage").filter((call) => call.errorCode === 429);
      expect(refused?.description).toBe("Too Many Requests: retry after 1");
      expect(delivered.at - (refused?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(950);
      expect(delivered.text).toMatch(/kern pair KERN-\w{4}/);
      expect(fake.messages(RECORDED_USER)).toHaveLength(1);
    });
  });
});
