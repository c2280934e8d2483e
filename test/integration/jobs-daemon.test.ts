// Jobs and the heartbeat through the real daemon (issue 26): a paired Telegram user asks for a
// reminder, the model schedules it, it fires once in that chat and the web stream sees its turn;
// a NO_REPLY run reaches nobody; the heartbeat costs nothing on an empty checklist, runs on
// heartbeatModel with one item, and stops at the unattended budget with one notice.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../src/protocol/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  readSessionLines,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
  waitUntilAsync,
} from "../support/test-daemon.js";

const ANN = 42;
const CODE = /KERN-[A-Z0-9]{4}/;

describe("jobs through the real daemon", () => {
  let telegram: FakeTelegram;
  const harnesses: TestDaemon[] = [];
  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await telegram.close();
  });

  /** Ann is paired and made an operator: her turns schedule jobs without an approval. */
  async function pairAnn(harness: TestDaemon): Promise<void> {
    telegram.userSays({ chatId: ANN, text: "hello?" });
    const reply = await telegram.waitFor("sendMessage", (call) => CODE.test(call.text ?? ""));
    await harness.client.pairingApprove(CODE.exec(reply.text ?? "")?.[0] ?? "");
    await harness.client.pairingRole("telegram", String(ANN), "operator");
    await waitUntil(
      () => telegram.messages(ANN).some((text) => text.startsWith("You're approved")),
      "approval",
    );
  }

  it("schedules a reminder from Telegram, fires it once in that chat, seen on /events", async () => {
    const harness = await startTestDaemon({ telegram });
    harnesses.push(harness);
    await pairAnn(harness);
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const reading = (async () => {
      for await (const event of harness.client.events(controller.signal, { onOpen: opened })) {
        seen.push(event);
      }
    })();
    await open;

    harness.llm.replyToolCall("schedule", {
      action: "add",
      name: "stretch",
      prompt: "Remind the user to stretch.",
      in: "3s",
    });
    harness.llm.reply("Reminder set for 3 seconds from now.");
    harness.llm.reply("Time to stretch!", { usage: { promptTokens: 200, completionTokens: 5 } });
    telegram.userSays({ chatId: ANN, text: "remind me in 3 seconds to stretch" });
    await waitUntil(
      () => telegram.messages(ANN).includes("Time to stretch!"),
      "the reminder in Ann's chat",
      20_000,
    );

    // Fired, the reminder left the live list; its run is in the history (`--all`).
    await waitUntilAsync(
      async () => (await harness.client.jobs({ all: true })).runs?.length === 1,
      "the reminder's run in the history",
    );
    const overview = await harness.client.jobs({ all: true });
    expect(overview.jobs.find((entry) => entry.name === "stretch")).toBeUndefined();
    const run = overview.runs?.[0];
    expect(run).toMatchObject({
      job: "stretch",
      createdBy: "operator",
      outcome: "ok",
      tokens: 205,
    });
    const jobRequests = turnRequests(harness.llm).filter((request) =>
      request.messages.some(
        (m) => m.role === "user" && String(m.content).startsWith("[via job stretch, "),
      ),
    );
    expect(jobRequests).toHaveLength(1);
    const turnId = run?.turnId ?? "";
    await waitUntil(
      () => seen.some((event) => event.type === "turn-end" && event.turnId === turnId),
      "the job's turn-end on /events",
    );
    const start = seen.find((event) => event.type === "turn-start" && event.turnId === turnId);
    expect(start).toMatchObject({ envelope: { interface: "job", name: "stretch" } });
    // Fired once: no second run and no second message.
    expect(telegram.messages(ANN).filter((text) => text === "Time to stretch!")).toHaveLength(1);
    controller.abort();
    await reading;
  });

  it("delivers nothing for a NO_REPLY run and keeps its turn marked silent", async () => {
    const harness = await startTestDaemon({ telegram });
    harnesses.push(harness);
    await pairAnn(harness);
    const before = telegram.sent("sendMessage").length;
    harness.llm.reply("NO_REPLY");
    await harness.client.jobAdd({
      name: "quiet-check",
      prompt: "Check the backups; NO_REPLY if all is well.",
      in: "1s",
      to: `telegram:${ANN}`,
    });
    await waitUntilAsync(
      async () => (await harness.client.jobs({ all: true })).runs?.[0]?.outcome === "silent",
      "the silent run",
      15_000,
    );
    await harness.daemon.runtime.whenIdle();
    expect(telegram.sent("sendMessage").length).toBe(before);
    const file = readdirSync(join(harness.agentDir, ".kern", "sessions")).at(-1) ?? "";
    const lines = readSessionLines(harness.agentDir, file).filter((line) => line["role"]);
    expect(lines.at(-1)).toMatchObject({
      role: "assistant",
      content: "NO_REPLY",
      meta: { silent: true },
    });
  });
});

describe("the heartbeat through the real daemon", () => {
  const harnesses: TestDaemon[] = [];
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
  });

  const SHORT = { jobs: { max: 50, minInterval: "1s" }, heartbeatInterval: "1s" };

  it("makes no model call on an empty checklist, then one per beat on heartbeatModel", async () => {
    const harness = await startTestDaemon({ config: { ...SHORT, heartbeatModel: "cheap-model" } });
    harnesses.push(harness);
    const beats = async () => (await harness.client.jobs()).heartbeat?.beats ?? {};
    await waitUntilAsync(
      async () => ((await beats())["empty"] ?? 0) >= 10,
      "ten empty beats",
      30_000,
    );
    expect(turnRequests(harness.llm)).toHaveLength(0);

    for (let reply = 0; reply < 5; reply += 1) harness.llm.reply("NO_REPLY");
    writeFileSync(join(harness.agentDir, "HEARTBEAT.md"), "# Heartbeat\n\n- Check the backups\n");
    await waitUntilAsync(
      async () => ((await beats())["ran"] ?? 0) >= 2,
      "two heartbeat turns",
      20_000,
    );
    await harness.daemon.runtime.whenIdle();
    const requests = turnRequests(harness.llm);
    expect(requests.length).toBe((await beats())["ran"]);
    for (const request of requests) expect(request.model).toBe("cheap-model");
    expect(String(requests[0]?.messages.at(-1)?.content)).toMatch(/^\[via heartbeat, /);
  });

  it("stops at the daily unattended budget with one notice", async () => {
    const harness = await startTestDaemon({ config: { ...SHORT, unattendedTokensPerDay: 100 } });
    harnesses.push(harness);
    writeFileSync(join(harness.agentDir, "HEARTBEAT.md"), "- Check the backups\n");
    harness.llm.reply("NO_REPLY", { usage: { promptTokens: 150, completionTokens: 3 } });
    for (let reply = 0; reply < 5; reply += 1) harness.llm.reply("NO_REPLY");
    const beats = async () => (await harness.client.jobs()).heartbeat?.beats ?? {};
    await waitUntilAsync(
      async () => ((await beats())["budget"] ?? 0) >= 3,
      "three beats over budget",
      20_000,
    );
    expect((await beats())["ran"]).toBe(1);
    expect(turnRequests(harness.llm)).toHaveLength(1);
    const jobs = await harness.client.jobs();
    expect(jobs.unattended).toMatchObject({ spentToday: 153, capPerDay: 100 });
    expect(jobs.unattended.notice).toContain("unattended budget reached");
    // One warning for the operator, however many beats were skipped.
    const warnings = readFileSync(harness.logFile, "utf8")
      .split("\n")
      .filter((line) => line.includes("unattended budget reached"));
    expect(warnings).toHaveLength(1);
  });
});
