// Approvals through the real daemon (issue 46 Must show 3, SPEC §16): a member's `bash` call, and
// with `approvals: "unattended"` a job's, waits for the operator: the file it would write does not
// exist until `POST /approvals/:id {"approve": true}`, then it does and the result comes back as a
// turn; a denied call and an expired one never run; while one waits, a message is answered. The
// operator's Telegram chat gets the call with Approve / Deny buttons, and a press decides it.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ApprovalView } from "../../src/kernel/index.js";
import type { FakeChatRequest } from "../fakes/fake-llm-types.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  answerBackgroundCalls,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
  waitUntilAsync,
} from "../support/test-daemon.js";

const OLGA = 11;
const MAX = 77;
const CODE = /KERN-[A-Z0-9]{4}/;

/** The last user message of a model request (envelope line included). */
const lastUser = (request: FakeChatRequest) =>
  String(request.messages.filter((message) => message.role === "user").at(-1)?.content ?? "");

describe("approvals through the daemon", () => {
  let telegram: FakeTelegram;
  const harnesses: TestDaemon[] = [];

  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });

  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await telegram.close();
  });

  async function start(config: Record<string, unknown> = {}): Promise<TestDaemon> {
    const harness = await startTestDaemon({ telegram, config });
    harnesses.push(harness);
    answerBackgroundCalls(harness.llm, "- We talked.");
    await pair(harness, OLGA, "Olga");
    await pair(harness, MAX, "Max");
    await harness.client.pairingRole("telegram", String(OLGA), "operator");
    return harness;
  }

  async function pair(harness: TestDaemon, chatId: number, name: string): Promise<void> {
    const since = Date.now();
    telegram.userSays({ chatId, text: "hello", firstName: name });
    const reply = await telegram.waitFor(
      "sendMessage",
      (call) => call.chatId === chatId && call.at >= since && CODE.test(call.text ?? ""),
    );
    await harness.client.pairingApprove(CODE.exec(reply.text ?? "")?.[0] ?? "");
  }

  /** Max asks; the model calls bash writing `file` (or `command`); the call parks. Its approval. */
  async function parkedBash(
    harness: TestDaemon,
    file: string,
    command = `echo approved > ${file}`,
  ): Promise<ApprovalView> {
    harness.llm.replyToolCall("bash", { command });
    harness.llm.reply("I asked the operator for that.");
    telegram.userSays({ chatId: MAX, text: `please write ${file}`, firstName: "Max" });
    const [approval] = await waitUntilAsync(async () => {
      const pending = (await harness.client.approvals()).filter((a) => a.state === "pending");
      return pending.length > 0 ? pending : undefined;
    }, "a parked call");
    if (!approval) throw new Error("no approval");
    await harness.daemon.runtime.whenIdle();
    return approval;
  }

  it("runs a member's bash only once the operator approves, and reports it as a turn", async () => {
    const harness = await start();
    const target = join(harness.agentDir, "approved.txt");
    const approval = await parkedBash(harness, "approved.txt");
    expect(approval).toMatchObject({
      tool: "bash",
      askedBy: { role: "member", user: String(MAX) },
    });
    expect(existsSync(target)).toBe(false);
    // While it waits, the queue moves: the operator's message is answered.
    harness.llm.reply("Here is the weather.");
    telegram.userSays({ chatId: OLGA, text: "weather?", firstName: "Olga" });
    await waitUntil(() => telegram.messages(OLGA).includes("Here is the weather."), "an answer");
    expect(existsSync(target)).toBe(false);

    harness.llm.reply("Done: the file is written.");
    const decided = await harness.client.decideApproval(approval.id, true);
    expect(decided).toMatchObject({ state: "approved", decidedBy: "operator via web" });
    expect(existsSync(target)).toBe(true);
    await waitUntil(
      () =>
        turnRequests(harness.llm).some((r) =>
          lastUser(r).startsWith(`[via approval ${approval.id}`),
        ),
      "the approval's turn",
    );
    const report = turnRequests(harness.llm).find((r) => lastUser(r).startsWith("[via approval"));
    expect(lastUser(report as FakeChatRequest)).toContain("it ran");
    // The turn replies where the member asked.
    await waitUntil(
      () => telegram.messages(MAX).includes("Done: the file is written."),
      "the reply",
    );
  });

  it("bounds an approved call's long output before its turn carries it, as in a turn", async () => {
    const harness = await start();
    const approval = await parkedBash(harness, "", "seq 1 200000"); // about 1.3 MB
    harness.llm.reply("That was long.");
    await harness.client.decideApproval(approval.id, true);
    const report = await waitUntilAsync(
      async () => turnRequests(harness.llm).find((r) => lastUser(r).startsWith("[via approval")),
      "the approval's turn",
    );
    const text = lastUser(report);
    expect(text).toContain("it ran");
    expect(text.length).toBeLessThan(100_000);
    expect(text).toContain(".kern/tool-output/");
    expect(text).toContain("200000"); // the tail is kept
  });

  it("never runs a denied call nor one whose time ran out", async () => {
    const harness = await start({ approvalTimeout: "2s" });
    const denied = await parkedBash(harness, "denied.txt");
    harness.llm.reply("Understood.");
    await harness.client.decideApproval(denied.id, false);
    await expect(harness.client.decideApproval(denied.id, true)).rejects.toMatchObject({
      code: "KERN_APPROVAL_DECIDED",
    });
    const expired = await parkedBash(harness, "expired.txt");
    harness.llm.reply("Nobody answered.");
    await waitUntilAsync(
      async () =>
        (await harness.client.approvals()).find((a) => a.id === expired.id)?.state === "expired",
      "the timeout",
      15_000,
    );
    await harness.daemon.runtime.whenIdle();
    expect(existsSync(join(harness.agentDir, "denied.txt"))).toBe(false);
    expect(existsSync(join(harness.agentDir, "expired.txt"))).toBe(false);
    const texts = turnRequests(harness.llm).map(lastUser);
    expect(texts.some((text) => text.includes("denied the call"))).toBe(true);
    expect(texts.some((text) => text.includes("No answer came"))).toBe(true);
  });

  it("asks the operator's Telegram chat with buttons, and a press decides", async () => {
    const harness = await start();
    const since = Date.now();
    const approval = await parkedBash(harness, "pressed.txt");
    const asked = await telegram.waitFor(
      "sendMessage",
      (call) => call.chatId === OLGA && call.at >= since && (call.text ?? "").includes(approval.id),
    );
    expect(JSON.stringify(asked.payload["reply_markup"])).toContain(`kern:approve:${approval.id}`);
    expect(telegram.messages(MAX).some((text) => text.includes(`kern:approve`))).toBe(false);
    // A member's press decides nothing.
    telegram.userPresses({
      chatId: MAX,
      messageId: asked.messageId ?? 0,
      data: `kern:approve:${approval.id}`,
    });
    await telegram.waitFor("answerCallbackQuery", () => true);
    expect((await harness.client.approvals())[0]?.state).toBe("pending");
    harness.llm.reply("Written.");
    telegram.userPresses({
      chatId: OLGA,
      messageId: asked.messageId ?? 0,
      data: `kern:approve:${approval.id}`,
    });
    await waitUntil(() => existsSync(join(harness.agentDir, "pressed.txt")), "the approved call");
    const decided = (await harness.client.approvals()).find((a) => a.id === approval.id);
    expect(decided).toMatchObject({ state: "approved", decidedBy: `operator telegram:${OLGA}` });
    await telegram.waitFor(
      "editMessageText",
      (call) => call.chatId === OLGA && (call.text ?? "").includes("approved"),
    );
  });

  it("with approvals: unattended, parks a job's bash until the operator approves", async () => {
    const harness = await start({ approvals: "unattended" });
    const target = join(harness.agentDir, "job.txt");
    harness.llm.replyToolCall("bash", { command: "echo from the job > job.txt" });
    harness.llm.reply("Waiting for the operator.");
    await harness.client.jobAdd({ name: "nightly", prompt: "write job.txt", in: "1s" });
    const [approval] = await waitUntilAsync(async () => {
      const pending = (await harness.client.approvals()).filter((a) => a.state === "pending");
      return pending.length > 0 ? pending : undefined;
    }, "the job's parked call");
    expect(approval).toMatchObject({
      tool: "bash",
      turnKind: "job",
      askedBy: { role: "operator" },
    });
    await harness.daemon.runtime.whenIdle();
    expect(existsSync(target)).toBe(false);
    harness.llm.reply("Done.");
    await harness.client.decideApproval(approval?.id ?? "", true);
    expect(existsSync(target)).toBe(true);
  });
});
