import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fakes/fake-telegram-server.js";
import { createId, type RuntimeEvent } from "../../kernel/index.js";
import { createSilentLogger } from "../../log/index.js";
import type { InboundEnvelope } from "../../runtime/index.js";
import { createTelegramBot, type TelegramBot } from "./create-telegram-bot.js";

const ANN = 77;
const EDIT_INTERVAL_MS = 200;
/** Timers may fire a millisecond or two early relative to Date.now(). */
const TIMER_SLACK_MS = 5;

/** A FakeRuntime whose turns the test drives event by event. */
class ManualRuntime extends FakeRuntime {
  readonly turnIds: string[] = [];
  private readonly turnWaiters: Array<() => void> = [];

  override submit(inbound: InboundEnvelope): { turnId: string } {
    const turnId = createId("turn");
    this.envelopes.push({ ...inbound, ts: inbound.ts ?? new Date().toISOString() });
    this.turnIds.push(turnId);
    for (const wake of this.turnWaiters.splice(0)) wake();
    return { turnId };
  }

  /** Resolves with the id of the `index`-th submitted turn once it exists. */
  async turn(index: number): Promise<string> {
    while (this.turnIds[index] === undefined) {
      await new Promise<void>((resolve) => this.turnWaiters.push(resolve));
    }
    return this.turnIds[index] as string;
  }

  delta(turnId: string, text: string): void {
    this.emit({ type: "text-delta", turnId, text });
  }

  end(
    turnId: string,
    text: string,
    extra: Partial<Extract<RuntimeEvent, { type: "turn-end" }>> = {},
  ) {
    this.emit({ type: "turn-end", turnId, text, stopReason: "end", ...extra });
  }
}

describe("streamed replies", () => {
  let fake: FakeTelegram;
  let runtime: ManualRuntime;
  let bot: TelegramBot;

  beforeEach(async () => {
    fake = await startFakeTelegram();
    runtime = new ManualRuntime();
    bot = createTelegramBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      runtime,
      logger: createSilentLogger(),
      editIntervalMs: EDIT_INTERVAL_MS,
      botInfo: fake.botInfo,
    });
    await bot.start();
    fake.userSays({ chatId: ANN, text: "hi" });
    const reply = await fake.waitFor("sendMessage", (call) => /KERN-\w{4}/.test(call.text ?? ""));
    await runtime.pairing.approve(/KERN-\w{4}/.exec(reply.text ?? "")?.[0] ?? "");
  });

  afterEach(async () => {
    await bot.stop();
    await fake.close();
  });

  /** Resolves once everything queued for the chat before it has been sent. */
  const drain = () => bot.channel.send({ user: String(ANN), chat: String(ANN), text: "·" });

  async function askTurn(text: string): Promise<string> {
    fake.userSays({ chatId: ANN, text });
    return runtime.turn(runtime.turnIds.length);
  }

  it("sends the first delta, then edits at most once per editIntervalMs", async () => {
    const turnId = await askTurn("stream please");
    await fake.waitFor("sendChatAction", (call) => call.payload["action"] === "typing");
    runtime.delta(turnId, "Hello");
    const first = await fake.waitFor("sendMessage", (call) => call.text === "Hello");
    runtime.delta(turnId, " wor");
    runtime.delta(turnId, "ld");
    const edit = await fake.waitFor("editMessageText", (call) => call.text === "Hello world");
    expect(edit.messageId).toBe(first.messageId);
    expect(edit.at - first.at).toBeGreaterThanOrEqual(EDIT_INTERVAL_MS - TIMER_SLACK_MS);
    runtime.delta(turnId, "!");
    runtime.end(turnId, "Hello **world**!");
    const final = await fake.waitFor(
      "editMessageText",
      (call) => call.text === "Hello <b>world</b>!",
    );
    expect(final.at - edit.at).toBeGreaterThanOrEqual(EDIT_INTERVAL_MS - TIMER_SLACK_MS);
    const edits = fake.sent("editMessageText");
    expect(edits.map((call) => call.text)).toEqual(["Hello world", "Hello <b>world</b>!"]);
    expect(fake.messages(ANN).at(-1)).toBe("Hello world!");
  });

  it("skips the final edit when the text did not change", async () => {
    const turnId = await askTurn("short");
    runtime.delta(turnId, "Same answer");
    await fake.waitFor("sendMessage", (call) => call.text === "Same answer");
    runtime.end(turnId, "Same answer");
    await drain();
    expect(fake.sent("editMessageText")).toEqual([]);
  });

  it("answers a turn that ended in an error with a short error reply", async () => {
    const turnId = await askTurn("fail please");
    runtime.end(turnId, "", {
      stopReason: "error",
      error: { code: "KERN_MODEL_HTTP", message: "the model endpoint answered 500 <html>" },
    });
    const reply = await fake.waitFor("sendMessage", (call) =>
      (call.text ?? "").includes("KERN_MODEL_HTTP"),
    );
    expect(fake.messages(ANN).at(-1)).toContain("answered 500 <html>");
    expect(reply.ok).toBe(true);
  });

  it("delivers a command result once, even when turn-end repeats it", async () => {
    const turnId = await askTurn("/status");
    expect(runtime.envelopes.at(-1)?.text).toBe("/status");
    runtime.emit({ type: "command-result", turnId, command: "status", text: "**Model**: fake" });
    runtime.end(turnId, "**Model**: fake", { stopReason: "command" });
    await drain();
    expect(fake.messages(ANN).slice(1)).toEqual(["Model: fake", "·"]);
  });

  it("resends a chunk as plain text when Telegram cannot parse its entities", async () => {
    const turnId = await askTurn("format");
    fake.failNext("sendMessage", {
      code: 400,
      description: 'Bad Request: can\'t parse entities: Unsupported start tag "b"',
    });
    runtime.end(turnId, "**bold** & <plain>");
    const plain = await fake.waitFor(
      "sendMessage",
      (call) => call.parseMode === undefined && call.chatId === ANN,
    );
    expect(plain.text).toBe("bold & <plain>");
    expect(fake.messages(ANN).at(-1)).toBe("bold & <plain>");
  });

  it("keeps replies of consecutive turns in order", async () => {
    const first = await askTurn("one");
    const second = await askTurn("two");
    runtime.delta(first, "first reply");
    runtime.end(first, `first reply\n\n${"more ".repeat(1000)}`);
    runtime.delta(second, "second reply");
    runtime.end(second, "second reply");
    await drain();
    const texts = fake.messages(ANN).slice(1);
    expect(texts[0]?.startsWith("first reply")).toBe(true);
    expect(texts.slice(-2)).toEqual(["second reply", "·"]);
    expect(texts.join("")).toContain("more more");
  });
});
