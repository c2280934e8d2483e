// For e2e tests of a daemon started with `kern start` and the fake Bot API: a Telegram user who
// writes to the bot, is paired with the code it answers (`kern pair CODE`) and made the operator
// (`kern pair --operator`), as a person sets up their own chat; or left a member.
import { expect } from "vitest";
import type { FakeTelegram } from "../fakes/fake-telegram-server.js";
import { kernProcess } from "./kern-process.js";
import { waitUntil } from "./test-daemon.js";

const CODE = /KERN-[A-Z0-9]{4}/;

/** Pairs `chatId` (a private chat: the user's id) as a member with `kern pair CODE`. */
export async function pairTelegramMember(
  telegram: FakeTelegram,
  agentDir: string,
  chatId: number,
): Promise<void> {
  telegram.userSays({ chatId, text: "hello?" });
  const reply = await telegram.waitFor(
    "sendMessage",
    (call) => call.chatId === chatId && CODE.test(call.text ?? ""),
  );
  const paired = await kernProcess(["pair", CODE.exec(reply.text ?? "")?.[0] ?? "", agentDir]);
  expect(paired.code, paired.stderr).toBe(0);
}

/** Pairs `chatId` and makes them the operator; bounded waits. */
export async function pairTelegramOperator(
  telegram: FakeTelegram,
  agentDir: string,
  chatId: number,
): Promise<void> {
  await pairTelegramMember(telegram, agentDir, chatId);
  const promoted = await kernProcess(["pair", "--operator", `telegram:${chatId}`, agentDir]);
  expect(promoted.code, promoted.stderr).toBe(0);
  await waitUntil(
    () => telegram.messages(chatId).some((text) => text.startsWith("You're approved")),
    "the approval in the user's chat",
    20_000,
  );
}
