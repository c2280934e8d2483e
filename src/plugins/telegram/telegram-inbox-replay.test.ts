// The inbox against the fake Bot API: after a crash between recording an update and confirming
// its offset, the update is both in the inbox and given again by Telegram; it is handled once.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fakes/fake-telegram-server.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { createSilentLogger } from "../../log/index.js";
import { createTelegramBot, type TelegramBot } from "./create-telegram-bot.js";

const ANN = 501;

describe("the Telegram inbox after a crash", () => {
  const temp = makeTempDir("kern-tg-replay-");
  const inboxFile = join(temp.path, "telegram-inbox.jsonl");
  let fake: FakeTelegram;
  let runtime: FakeRuntime;
  let bot: TelegramBot | undefined;

  beforeEach(async () => {
    fake = await startFakeTelegram();
    runtime = new FakeRuntime();
  });

  afterEach(async () => {
    await bot?.stop();
    await fake.close();
    temp.cleanup();
  });

  async function startBot(): Promise<TelegramBot> {
    bot = createTelegramBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      runtime,
      logger: createSilentLogger(),
      editIntervalMs: 200,
      botInfo: fake.botInfo,
      inboxFile,
    });
    await bot.start();
    return bot;
  }

  const submitted = (text: string) =>
    runtime.envelopes.filter((envelope) => envelope.text === text);

  it("handles an update once when the inbox has it and Telegram gives it again", async () => {
    await startBot();
    fake.userSays({ chatId: ANN, text: "hi" });
    const reply = await fake.waitFor("sendMessage", (call) => /KERN-\w{4}/.test(call.text ?? ""));
    await runtime.pairing.approve(/KERN-\w{4}/.exec(reply.text ?? "")?.[0] ?? "");
    await bot?.stop();
    // The crash: recorded (fsync), then killed before the next getUpdates confirmed it.
    const update = fake.userSays({ chatId: ANN, text: "recorded, not confirmed" });
    const line = { type: "update", updateId: update.update_id, message: update.message };
    appendFileSync(inboxFile, `${JSON.stringify(line)}\n`);
    const pollsBefore = fake.sent("getUpdates").length;
    await startBot();
    await fake.waitFor("sendMessage", (call) => call.text === "echo: recorded, not confirmed");
    fake.userSays({ chatId: ANN, text: "next" });
    await fake.waitFor("sendMessage", (call) => call.text === "echo: next");
    expect(submitted("recorded, not confirmed")).toHaveLength(1);
    expect(submitted("next")).toHaveLength(1);
    // Telegram did give it again: the first poll after the restart asked from its id or before.
    const offsets = fake
      .sent("getUpdates")
      .slice(pollsBefore)
      .map((call) => Number(call.payload["offset"] ?? 0));
    expect(offsets[0]).toBeLessThanOrEqual(update.update_id);
    expect(offsets.some((offset) => offset > update.update_id)).toBe(true);
  });
});
