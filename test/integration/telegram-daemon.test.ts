// Telegram through the real daemon (SPEC §9): the grammY bot inside an assembled daemon talks to the
// fake Bot API, the runtime to the fake LLM. Pairing (through the API and with `kern pair` while
// the daemon is down), long and hostile replies, 429s, bursts and proactive `message` tool sends.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { initAgent } from "../../src/daemon/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";
import {
  answerBackgroundCalls,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;
const CODE = /KERN-[A-Z0-9]{4}/;

/** The last user message of a model request, without its envelope prefix line. */
const lastUserText = (messages: ReadonlyArray<{ role: string; content?: unknown }>) =>
  String(messages.filter((message) => message.role === "user").at(-1)?.content ?? "")
    .split("\n")
    .slice(1)
    .join("\n");

describe("Telegram through the daemon", () => {
  let telegram: FakeTelegram;
  const harnesses: TestDaemon[] = [];
  const cleanups: Array<() => void> = [];

  beforeEach(async () => {
    telegram = await startFakeTelegram();
  });

  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await telegram.close();
    for (const cleanup of cleanups.splice(0)) cleanup();
  });

  async function start(options: { agentDir?: string } = {}): Promise<TestDaemon> {
    const harness = await startTestDaemon({ telegram, ...options });
    harnesses.push(harness);
    // The memory worker's calls get their own answers, so scripted replies go to turns only.
    answerBackgroundCalls(harness.llm, "- Ann and I talked.");
    return harness;
  }

  /** Ann writes, gets a code; returns it (nothing approved yet). */
  async function requestCode(text = "hello?"): Promise<string> {
    const before = telegram.sent("sendMessage").length;
    telegram.userSays({ chatId: ANN, text });
    const reply = await telegram.waitFor(
      "sendMessage",
      (call) => CODE.test(call.text ?? "") && telegram.sent("sendMessage").indexOf(call) >= before,
    );
    return CODE.exec(reply.text ?? "")?.[0] ?? "";
  }

  const approvals = () =>
    telegram.messages(ANN).filter((text) => text.startsWith("You're approved, Ann!")).length;

  /** Pairs Ann and waits for the bot's confirmation, so later counts start from a quiet chat. */
  async function pairAnn(harness: TestDaemon): Promise<void> {
    const before = approvals();
    await harness.client.pairingApprove(await requestCode());
    await waitUntil(() => approvals() > before, "approval confirmation");
  }

  /** Waits until Ann's chat shows `text` as one whole message. */
  const shows = (text: string, timeoutMs?: number) =>
    waitUntil(() => telegram.messages(ANN).includes(text), `"${text.slice(0, 40)}"`, timeoutMs);

  it("keeps an unpaired user away from the model, then answers once the API approved the code", async () => {
    const harness = await start();
    const code = await requestCode("let me in");
    expect(code).toMatch(CODE);
    telegram.userSays({ chatId: ANN, text: "anything?" });
    await waitUntil(() => telegram.sent("sendMessage").length >= 2, "second pairing reply");
    expect(harness.llm.requests).toHaveLength(0);
    expect((await harness.client.status()).session.messages).toBe(0);
    const pending = await harness.client.pairingList();
    expect(pending.pending.map((entry) => entry.code)).toEqual([code]);

    const approved = approvals();
    const user = await harness.client.pairingApprove(code.toLowerCase());
    expect(user).toMatchObject({ userId: String(ANN), name: "Ann" });
    // The approved user hears about it at once, and the code pointed at real places to approve.
    await waitUntil(() => approvals() > approved, "approval confirmation");
    expect(telegram.messages(ANN).join("\n")).toContain("Pairing page of the web UI");
    harness.llm.reply("Welcome, **Ann**. How can I help?");
    telegram.userSays({ chatId: ANN, text: "now?" });
    await shows("Welcome, Ann. How can I help?");
    expect(turnRequests(harness.llm)).toHaveLength(1);
    expect(turnRequests(harness.llm)[0]?.messages.at(-1)?.content).toMatch(
      /^\[via telegram, chat 42, user Ann, [^\]]+\]\nnow\?$/,
    );
  });

  it("pairs with `kern pair` against pairing.json while the daemon is down", async () => {
    const temp = makeTempDir("kern-pair-");
    cleanups.push(temp.cleanup);
    const agentDir = join(temp.path, "agent");
    await initAgent({ agentDir, git: false });
    const first = await start({ agentDir });
    const code = await requestCode();
    await first.close();
    harnesses.splice(harnesses.indexOf(first), 1);

    const run = await runKern(["pair", code.toLowerCase(), agentDir]);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("paired Ann (telegram user 42)");
    const pairing = JSON.parse(readFileSync(join(agentDir, ".kern", "pairing.json"), "utf8"));
    expect(pairing).toMatchObject({ paired: [{ userId: "42", name: "Ann" }], pending: [] });
    expect(readFileSync(join(agentDir, "USERS.md"), "utf8")).toContain("Ann: telegram user 42");

    const second = await start({ agentDir });
    second.llm.reply("Paired while I was away, hello!");
    telegram.userSays({ chatId: ANN, text: "and now?" });
    await shows("Paired while I was away, hello!");
    expect(turnRequests(second.llm)).toHaveLength(1);
    expect(turnRequests(first.llm)).toHaveLength(0);
  });

  it("delivers a 10,000-character reply complete, in order, as several messages", async () => {
    const harness = await start();
    await pairAnn(harness);
    const paragraph = (index: number) =>
      `Paragraph ${index}: ${"the quick brown fox jumps over the lazy dog ".repeat(8)}`;
    const reply = `${Array.from({ length: 30 }, (_, index) => paragraph(index)).join("\n\n")}\n\nTHE END`;
    expect(reply.length).toBeGreaterThan(10_000);
    harness.llm.reply(reply);
    const before = telegram.messages(ANN).length;
    telegram.userSays({ chatId: ANN, text: "tell me a long story" });
    await waitUntil(() => telegram.messages(ANN).at(-1)?.endsWith("THE END"), "the end");
    const delivered = telegram.messages(ANN).slice(before);
    expect(delivered.length).toBeGreaterThanOrEqual(3);
    expect(delivered.join("")).toBe(reply);
    for (const call of telegram.sent("sendMessage")) expect(call.ok).toBe(true);
  });

  it("delivers comparisons and an unclosed **bold intact, as HTML", async () => {
    const harness = await start();
    await pairAnn(harness);
    const reply = "Is a < b && c > d? **bold never closed";
    harness.llm.reply(reply);
    telegram.userSays({ chatId: ANN, text: "compare" });
    await shows(reply);
    const calls = [...telegram.sent("sendMessage"), ...telegram.sent("editMessageText")];
    expect(calls.every((call) => call.ok)).toBe(true);
    const final = calls.filter((call) => call.text?.startsWith("Is a")).at(-1);
    expect(final).toMatchObject({
      parseMode: "HTML",
      text: "Is a &lt; b &amp;&amp; c &gt; d? **bold never closed",
    });
  });

  it("waits retry_after after a 429 on sendMessage and then delivers", async () => {
    const harness = await start();
    await pairAnn(harness);
    harness.llm.reply("Sorry for the wait.");
    telegram.failNext("sendMessage", { code: 429, retryAfter: 1 });
    const saidAt = Date.now();
    telegram.userSays({ chatId: ANN, text: "busy?" });
    await shows("Sorry for the wait.");
    const refused = telegram.sent("sendMessage").filter((call) => call.errorCode === 429);
    expect(refused).toHaveLength(1);
    const delivered = telegram
      .sent("sendMessage")
      .filter((call) => call.ok)
      .at(-1);
    expect(delivered?.at ?? 0).toBeGreaterThanOrEqual((refused[0]?.at ?? saidAt) + 1000);
    expect(telegram.messages(ANN).at(-1)).toBe("Sorry for the wait.");
  });

  it("runs a burst of 50 messages as 50 turns in order, losing none", async () => {
    const harness = await start();
    await pairAnn(harness);
    harness.llm.when(
      () => true,
      (request) => `echo: ${lastUserText(request.messages)}`,
    );
    const count = 50;
    for (let index = 0; index < count; index += 1) {
      telegram.userSays({ chatId: ANN, text: `burst ${index}` });
    }
    await shows(`echo: burst ${count - 1}`, 20_000);
    const expected = Array.from({ length: count }, (_, index) => `burst ${index}`);
    expect(turnRequests(harness.llm).map((request) => lastUserText(request.messages))).toEqual(
      expected,
    );
    const echoes = telegram.messages(ANN).filter((text) => text.startsWith("echo: "));
    expect(echoes).toEqual(expected.map((text) => `echo: ${text}`));
  });

  it("sends a proactive message when the model calls the message tool", async () => {
    const harness = await start();
    await pairAnn(harness);
    harness.llm.replyToolCall("message", { user: "Ann", text: "Reminder: **stand-up** at 10:00" });
    harness.llm.reply("I reminded Ann.");
    const { turnId } = await harness.client.sendMessage({ text: "remind Ann", interface: "web" });
    const events = await harness.turnEvents(turnId);
    expect(events.find((event) => event.type === "tool-result")).toMatchObject({
      name: "message",
      output: "sent to Ann",
      isError: false,
    });
    expect(events.at(-1)).toMatchObject({ type: "turn-end", text: "I reminded Ann." });
    const sent = await telegram.waitFor(
      "sendMessage",
      (call) => call.text?.includes("stand-up") ?? false,
    );
    expect(sent).toMatchObject({
      chatId: ANN,
      parseMode: "HTML",
      text: "Reminder: <b>stand-up</b> at 10:00",
    });
    // The web turn's own reply stays on the web: only the proactive message reached the chat.
    expect(telegram.messages(ANN).at(-1)).toBe("Reminder: stand-up at 10:00");
  });
});
