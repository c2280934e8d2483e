// The bot against Bot API answers written from the Telegram Bot API reference
// (test/fixtures/wire/telegram/), replayed byte for byte by the fake: an update as Telegram sends
// it, and a 429 as Telegram refuses a flood.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FakeRuntime } from "../../../test/fakes/fake-runtime.js";
import { type FakeTelegram, startFakeTelegram } from "../../../test/fakes/fake-telegram-server.js";
import { loadRecordedExchange } from "../../../test/fakes/recorded-exchange.js";
import { createSilentLogger } from "../../log/index.js";
import { createTelegramBot, type TelegramBot } from "./create-telegram-bot.js";

/** The chat and user of the recorded update. */
const ANN = 5123456789;

describe("Telegram wire fixtures", () => {
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

  async function startBot(): Promise<void> {
    bot = createTelegramBot({
      token: fake.token,
      apiRoot: fake.apiRoot,
      runtime,
      logger: createSilentLogger(),
      editIntervalMs: 200,
      botInfo: fake.botInfo,
    });
    await bot.start();
  }

  it("reads a recorded update: the unknown user gets a pairing code, the runtime nothing", async () => {
    fake.replayNext("getUpdates", loadRecordedExchange("telegram/get-updates-message.http"));
    await startBot();
    const reply = await fake.waitFor("sendMessage", (call) => call.chatId === ANN);
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
    const delivered = await fake.waitFor("sendMessage", (call) => call.chatId === ANN);
    const [refused] = fake.sent("sendMessage").filter((call) => call.errorCode === 429);
    expect(refused?.description).toBe("Too Many Requests: retry after 1");
    expect(delivered.at - (refused?.at ?? Number.POSITIVE_INFINITY)).toBeGreaterThanOrEqual(950);
    expect(delivered.text).toMatch(/kern pair KERN-\w{4}/);
    expect(fake.messages(ANN)).toHaveLength(1);
  });
});
