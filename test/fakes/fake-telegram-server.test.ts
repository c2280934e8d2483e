import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeTelegram, parseTelegramHtml, startFakeTelegram } from "./fake-telegram-server.js";

interface Answer {
  ok: boolean;
  result?: unknown;
  error_code?: number;
  description?: string;
  parameters?: { retry_after: number };
}

describe("fake Telegram Bot API", () => {
  let fake: FakeTelegram;

  beforeEach(async () => {
    fake = await startFakeTelegram();
  });

  afterEach(async () => {
    await fake.close();
  });

  async function call(method: string, payload: object = {}, init: RequestInit = {}) {
    const response = await fetch(`${fake.apiRoot}/bot${fake.token}/${method}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(payload),
      ...init,
    });
    return { status: response.status, body: (await response.json()) as Answer };
  }

  it("answers getMe with the bot info and refuses a wrong token", async () => {
    expect((await call("getMe")).body.result).toEqual(fake.botInfo);
    const response = await fetch(`${fake.apiRoot}/botWRONG/getMe`, { method: "POST" });
    expect(response.status).toBe(401);
  });

  it("long-polls: answers when a user speaks, honours offset, times out empty", async () => {
    const poll = call("getUpdates", { offset: 0, timeout: 5 });
    const update = fake.userSays({ chatId: 1, text: "/start now" });
    const { body } = await poll;
    expect(body.result).toEqual([update]);
    expect(update.message["entities"]).toEqual([{ type: "bot_command", offset: 0, length: 6 }]);
    const confirmed = await call("getUpdates", { offset: update.update_id + 1, timeout: 0 });
    expect(confirmed.body.result).toEqual([]);
    const startedAt = Date.now();
    const empty = await call("getUpdates", { offset: update.update_id + 1, timeout: 1 });
    expect(empty.body.result).toEqual([]);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(900);
  });

  it("survives a client hanging up on a poll, and ends an older poll with 409", async () => {
    const controller = new AbortController();
    let registered = fake.nextPoll();
    const abandoned = call("getUpdates", { timeout: 30 }, { signal: controller.signal });
    await registered;
    controller.abort();
    await expect(abandoned).rejects.toThrow();
    registered = fake.nextPoll();
    const older = call("getUpdates", { timeout: 30 });
    await registered;
    const newer = call("getUpdates", { timeout: 30 });
    expect((await older).body.error_code).toBe(409);
    fake.userSays({ chatId: 1, text: "hi" });
    expect((await newer).body.result).toHaveLength(1);
  });

  it("checks HTML like Telegram and rejects texts past 4096 characters", async () => {
    const bad = await call("sendMessage", { chat_id: 1, text: "<b>open", parse_mode: "HTML" });
    expect(bad.body.description).toContain("can't parse entities");
    const raw = await call("sendMessage", { chat_id: 1, text: "a < b", parse_mode: "HTML" });
    expect(raw.body.description).toContain("can't parse entities");
    const plain = await call("sendMessage", { chat_id: 1, text: "a < b" });
    expect(plain.body.ok).toBe(true);
    const long = await call("sendMessage", { chat_id: 1, text: "x".repeat(4097) });
    expect(long.body.description).toBe("Bad Request: message is too long");
    expect(parseTelegramHtml('<pre><code class="language-ts">a &lt; b</code></pre>')).toEqual({
      text: "a < b",
      entities: [
        { type: "code", offset: 0, length: 5 },
        { type: "pre", offset: 0, length: 5 },
      ],
    });
    expect(parseTelegramHtml("<i><b>x</i></b>")).toHaveProperty("error");
    expect(parseTelegramHtml("<script>x</script>")).toHaveProperty("error");
  });

  it("edits messages, refusing unchanged text, and tracks the final texts", async () => {
    const sent = await call("sendMessage", { chat_id: 5, text: "draft" });
    const messageId = (sent.body.result as { message_id: number }).message_id;
    const same = await call("editMessageText", {
      chat_id: 5,
      message_id: messageId,
      text: "draft",
    });
    expect(same.body.description).toContain("message is not modified");
    const edit = { chat_id: 5, message_id: messageId, text: "<b>final</b>", parse_mode: "HTML" };
    expect((await call("editMessageText", edit)).body.ok).toBe(true);
    await call("sendMessage", { chat_id: 5, text: "second" });
    expect(fake.messages(5)).toEqual(["final", "second"]);
    const missing = await call("editMessageText", { chat_id: 5, message_id: 999, text: "x" });
    expect(missing.body.description).toContain("message to edit not found");
  });

  it("fails the next call on request and records every call", async () => {
    fake.failNext("sendMessage", { code: 429, retryAfter: 2 });
    const limited = await call("sendMessage", { chat_id: 1, text: "hi" });
    expect(limited.status).toBe(429);
    expect(limited.body.parameters).toEqual({ retry_after: 2 });
    await call("sendMessage", { chat_id: 1, text: "hi" });
    expect(fake.sent("sendMessage").map((recorded) => recorded.ok)).toEqual([false, true]);
    const waited = fake.waitFor("sendChatAction", (recorded) => recorded.chatId === 3);
    await call("sendChatAction", { chat_id: 3, action: "typing" });
    expect((await waited).payload["action"]).toBe("typing");
  });

  it("marks mentions and replies to the bot in group messages", () => {
    const update = fake.userSays({
      chatId: -100,
      userId: 7,
      chatType: "group",
      text: `hey @${fake.botInfo.username}`,
      replyToBot: true,
    });
    expect(update.message["entities"]).toEqual([
      { type: "mention", offset: 4, length: fake.botInfo.username.length + 1 },
    ]);
    const reply = update.message["reply_to_message"] as { from: { id: number } };
    expect(reply.from.id).toBe(fake.botInfo.id);
  });
});
