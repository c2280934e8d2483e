// Telegram handles chats concurrently without losing a message to a kill -9 (issue 49 item 7,
// with Must show 1's kill): the real daemon, the fake Bot API and the fake LLM, whose description
// of Ann's photo does not end. Bob is answered meanwhile, and every update is confirmed to
// Telegram (its offset passed), so after the kill Telegram gives none of them again. The
// restarted daemon takes Ann's photo and her next message from `.kern/telegram-inbox.jsonl`, in
// order, and answers Bob's message, which was handled, not a second time.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { DESCRIBE_IMAGE_PROMPT } from "../../src/plugins/media/index.js";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { type LiveDaemon, startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { isBackgroundRequest, lastUserText, waitUntil } from "../support/test-daemon.js";

const ANN = 42;
const BOB = 43;
const PNG = readFileSync(join(import.meta.dirname, "../fixtures/media/photo.png"));

const isDescription = (request: FakeChatRequest) =>
  String(request.messages[0]?.content).startsWith(DESCRIBE_IMAGE_PROMPT.slice(0, 30));

describe("a kill -9 while Telegram messages are handled concurrently", () => {
  let telegram: FakeTelegram;
  let daemon: LiveDaemon;
  /** The description's delay: past the kill before it, short after. */
  let describeMs = 600_000;
  const agent = useProcessAgent("kern-tg-inbox-", async (dir) => {
    await updateConfigFile(dir, { vision: true, telegram: { editIntervalMs: 200 } });
  });
  const env = () => ({
    TELEGRAM_BOT_TOKEN: telegram.token,
    KERN_TELEGRAM_API_ROOT: telegram.apiRoot,
  });
  /** The turns (not descriptions) whose message holds `words`, as the model saw them. */
  const turnsWith = (words: string) =>
    agent.llm.requests.filter(
      (request) =>
        !isBackgroundRequest(request) &&
        !isDescription(request) &&
        lastUserText(request).includes(words),
    );
  const firstTurnOf = (words: string) =>
    agent.llm.requests.findIndex(
      (request) =>
        !isBackgroundRequest(request) &&
        !isDescription(request) &&
        lastUserText(request).includes(words),
    );

  async function pair(chatId: number, name: string): Promise<void> {
    telegram.userSays({ chatId, userId: chatId, firstName: name, text: "hi" });
    const reply = await telegram.waitFor(
      "sendMessage",
      (call) => call.chatId === chatId && /KERN-[A-Z0-9]{4}/.test(call.text ?? ""),
      60_000,
    );
    await daemon.client.pairingApprove(/KERN-[A-Z0-9]{4}/.exec(reply.text ?? "")?.[0] ?? "");
  }

  beforeAll(async () => {
    telegram = await startFakeTelegram();
    agent.llm.when(isDescription, () => ({
      kind: "text" as const,
      text: "A blue rectangle.",
      delayMs: describeMs,
    }));
    agent.llm.when(
      (request) => !isBackgroundRequest(request),
      () => ({ kind: "text" as const, text: "ok" }),
    );
    daemon = await startLiveDaemon(agent.dir, env());
    await pair(ANN, "Ann");
    await pair(BOB, "Bob");
  }, 120_000);

  afterAll(async () => {
    await telegram?.close();
  });

  it("replays the slow message and the one behind it, in order, and Bob's not again", async () => {
    telegram.userSendsFile({ chatId: ANN, kind: "photo", bytes: PNG, caption: "look at this" });
    telegram.userSays({ chatId: ANN, userId: ANN, text: "after the photo" });
    await waitUntil(() => agent.llm.requests.find(isDescription), "the description", 30_000);
    const bob = telegram.userSays({ chatId: BOB, userId: BOB, text: "bob meanwhile" });
    await waitUntil(() => turnsWith("bob meanwhile").length > 0, "Bob's turn", 10_000);
    // Every update is confirmed: Telegram will not give Ann's two again.
    await waitUntil(
      () =>
        telegram
          .sent("getUpdates")
          .some((call) => Number(call.payload["offset"] ?? 0) > bob.update_id),
      "the offset past Bob's update",
      30_000,
    );
    expect(turnsWith("look at this")).toHaveLength(0);
    expect(turnsWith("after the photo")).toHaveLength(0);
    const inbox = join(agent.dir, ".kern", "telegram-inbox.jsonl");
    expect(statSync(inbox).mode & 0o777).toBe(0o600);

    process.kill(daemon.pid, "SIGKILL");
    await waitUntil(() => !isAlive(daemon.pid), "the daemon to die", 10_000);
    describeMs = 50;
    daemon = await startLiveDaemon(agent.dir, env());

    await waitUntil(() => turnsWith("after the photo").length > 0, "Ann's replayed turns", 60_000);
    expect(firstTurnOf("look at this")).toBeGreaterThanOrEqual(0);
    expect(firstTurnOf("look at this")).toBeLessThan(firstTurnOf("after the photo"));
    // A later message goes through after the replay, and nothing came twice.
    telegram.userSays({ chatId: BOB, userId: BOB, text: "bob again" });
    await waitUntil(() => turnsWith("bob again").length > 0, "Bob's next turn", 30_000);
    expect(turnsWith("bob meanwhile")).toHaveLength(1);
    expect(turnsWith("look at this")).toHaveLength(1);
    expect(turnsWith("after the photo")).toHaveLength(1);
  }, 240_000);
});
