// Unattended results reach the person (issue 48 items 1 and 3; must-shows 1 and 3), through the
// real daemon, the fake model and the fake Bot API with a paired operator: a heartbeat's finding
// goes to the operator's Telegram chat and a NO_REPLY beat sends nothing; a reminder skipped at
// the unattended cap tells the person who asked for it, in their chat.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
  waitUntilAsync,
} from "../support/test-daemon.js";

const ANN = 42;
const CODE = /KERN-[A-Z0-9]{4}/;
const SHORT = { jobs: { max: 50, minInterval: "1s" } };

describe("unattended work reaches the person", () => {
  let telegram: FakeTelegram;
  const harnesses: TestDaemon[] = [];
  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await telegram.close();
  });

  async function pairAnnAsOperator(harness: TestDaemon): Promise<void> {
    telegram.userSays({ chatId: ANN, text: "hello?" });
    const reply = await telegram.waitFor("sendMessage", (call) => CODE.test(call.text ?? ""));
    await harness.client.pairingApprove(CODE.exec(reply.text ?? "")?.[0] ?? "");
    await harness.client.pairingRole("telegram", String(ANN), "operator");
    await waitUntil(
      () => telegram.messages(ANN).some((text) => text.startsWith("You're approved")),
      "approval",
    );
  }

  it("sends a heartbeat's finding to the operator's chat, and nothing for NO_REPLY", async () => {
    const harness = await startTestDaemon({
      telegram,
      config: { ...SHORT, heartbeatInterval: "2s" },
    });
    harnesses.push(harness);
    await pairAnnAsOperator(harness);
    harness.llm.reply("Last night's backup is missing.");
    harness.llm.reply("NO_REPLY");
    const sentBefore = telegram.sent("sendMessage").length;
    writeFileSync(
      join(harness.agentDir, "HEARTBEAT.md"),
      "- Tell me if last night's backup is missing\n",
    );
    await waitUntil(
      () => telegram.messages(ANN).includes("Last night's backup is missing."),
      "the finding in Ann's chat",
      20_000,
    );
    const beats = async () => (await harness.client.jobs()).heartbeat?.beats ?? {};
    await waitUntilAsync(async () => ((await beats())["ran"] ?? 0) >= 2, "the silent beat", 20_000);
    await harness.daemon.runtime.whenIdle();
    const requests = turnRequests(harness.llm);
    expect(String(requests[0]?.messages.at(-1)?.content)).toMatch(/^\[via heartbeat, /);
    // One message for the finding; the NO_REPLY beat sent nothing.
    expect(telegram.sent("sendMessage").length).toBe(sentBefore + 1);
    expect(telegram.messages(ANN).filter((text) => text === "NO_REPLY")).toEqual([]);
  });

  it("tells the person who asked when their reminder is skipped at the unattended cap", async () => {
    const harness = await startTestDaemon({
      telegram,
      config: { ...SHORT, heartbeatInterval: "0", unattendedTokensPerDay: 0 },
    });
    harnesses.push(harness);
    await pairAnnAsOperator(harness);
    harness.llm.replyToolCall("schedule", {
      action: "add",
      name: "bank",
      prompt: "Remind the user to call the bank.",
      in: "2s",
    });
    harness.llm.reply("I'll remind you in 2 seconds.");
    telegram.userSays({ chatId: ANN, text: "remind me in 2 seconds to call the bank" });
    await waitUntil(
      () => telegram.messages(ANN).some((text) => text.startsWith('Reminder "bank" did not run')),
      "the skip notice in Ann's chat",
      20_000,
    );
    const notice = telegram.messages(ANN).find((text) => text.startsWith('Reminder "bank"'));
    expect(notice).toContain("unattended budget");
    expect(notice).toContain("call the bank");
    const overview = await harness.client.jobs({ all: true });
    expect(overview.jobs).toEqual([]); // skipped, the one-shot job is finished and retired
    expect(overview.runs).toMatchObject([{ job: "bank", outcome: "skipped-budget" }]);
    expect(turnRequests(harness.llm)).toHaveLength(2); // the asking turn's two steps, no job turn
  });
});
