import { readFileSync } from "node:fs";
import { basename } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { StreamEvent } from "../../src/protocol/index.js";
import {
  readSessionLines,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
} from "../support/test-daemon.js";

describe("the assembled daemon runs turns", () => {
  let harness: TestDaemon;
  afterEach(async () => harness?.close());

  it("streams turn-start, text-deltas and turn-end over /events for POST /message", async () => {
    harness = await startTestDaemon();
    harness.llm.reply("Hello there, I am the agent.");
    const controller = new AbortController();
    const seen: StreamEvent[] = [];
    let opened!: () => void;
    const open = new Promise<void>((resolve) => {
      opened = resolve;
    });
    const reading = (async () => {
      for await (const event of harness.client.events(controller.signal, {
        onOpen: () => opened(),
      })) {
        seen.push(event);
        if (event.type === "turn-end") break;
      }
    })();
    await open;
    const { turnId } = await harness.client.sendMessage({ text: "hi", interface: "web" });
    await reading;
    controller.abort();
    const types = seen
      .filter((event) => "turnId" in event && event.turnId === turnId)
      .map((event) => event.type);
    expect(types[0]).toBe("turn-queue");
    expect(types).toContain("turn-start");
    expect(types.filter((type) => type === "text-delta").length).toBeGreaterThan(0);
    expect(types.at(-1)).toBe("turn-end");
    const end = seen.at(-1);
    expect(end).toMatchObject({
      type: "turn-end",
      text: "Hello there, I am the agent.",
      stopReason: "end",
    });
  });

  it("round-trips bash and read tool calls and logs every step", async () => {
    harness = await startTestDaemon();
    harness.llm.replyToolCall("bash", { command: "echo from-bash > out.txt && echo done" });
    harness.llm.replyToolCall("read", { path: "out.txt" });
    harness.llm.reply("The file says from-bash.");
    const { turnId } = await harness.client.sendMessage({ text: "write and read a file" });
    const events = await harness.turnEvents(turnId);
    const results = events.filter((event) => event.type === "tool-result");
    expect(results.map((event) => event.type === "tool-result" && event.name)).toEqual([
      "bash",
      "read",
    ]);
    expect(results[1]).toMatchObject({ output: "from-bash\n", isError: false });
    const third = turnRequests(harness.llm)[2];
    const toolMessages = third?.messages.filter((message) => message.role === "tool") ?? [];
    expect(toolMessages.map((message) => message.content)).toEqual([
      expect.stringContaining("done"),
      "from-bash\n",
    ]);
    const file = basename((await harness.client.status()).session.id);
    const lines = readSessionLines(harness.agentDir, `${file}.jsonl`);
    expect(lines[0]).toMatchObject({ type: "session" });
    expect(lines.slice(1).map((line) => line["role"])).toEqual([
      "user",
      "assistant",
      "tool",
      "assistant",
      "tool",
      "assistant",
    ]);
    expect(lines.slice(1).map((line) => line["seq"])).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it("answers /status without a model request", async () => {
    harness = await startTestDaemon();
    const { turnId } = await harness.client.sendMessage({ text: "/status", interface: "tui" });
    const events = await harness.turnEvents(turnId);
    const result = events.find((event) => event.type === "command-result");
    expect(result).toMatchObject({ command: "status" });
    expect(result?.type === "command-result" && result.text).toContain("fake-model");
    expect(turnRequests(harness.llm)).toHaveLength(0);
  });

  it("retries a 503 and succeeds", async () => {
    harness = await startTestDaemon();
    harness.llm.fail(503);
    harness.llm.reply("recovered");
    const { turnId } = await harness.client.sendMessage({ text: "hello" });
    const events = await harness.turnEvents(turnId);
    expect(events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "end", text: "recovered" });
    expect(turnRequests(harness.llm)).toHaveLength(2);
  });

  it("ends a stalled turn with an error after the idle timeout and keeps serving", async () => {
    harness = await startTestDaemon({ config: { modelRetries: 0, idleTimeoutMs: 300 } });
    harness.llm.stall();
    const stalled = await harness.client.sendMessage({ text: "hang please" });
    const events = await harness.turnEvents(stalled.turnId);
    expect(
      events.some((event) => event.type === "error" && event.code === "KERN_MODEL_STALLED"),
    ).toBe(true);
    expect(events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "error" });
    harness.llm.reply("still here");
    const next = await harness.client.sendMessage({ text: "are you there?" });
    expect((await harness.turnEvents(next.turnId)).at(-1)).toMatchObject({
      stopReason: "end",
      text: "still here",
    });
  });

  it("answers with the config key and env var to set when no model is configured", async () => {
    harness = await startTestDaemon({ withoutModel: true });
    const { turnId } = await harness.client.sendMessage({ text: "hello?" });
    const end = (await harness.turnEvents(turnId)).at(-1);
    expect(end).toMatchObject({
      type: "turn-end",
      stopReason: "error",
      error: { code: "KERN_MODEL_NOT_CONFIGURED" },
    });
    expect(end?.type === "turn-end" && end.error?.message).toContain("KERN_MODEL");
  });

  it("runs queued turns one at a time in arrival order", async () => {
    harness = await startTestDaemon();
    for (let index = 0; index < 5; index += 1) harness.llm.reply(`reply ${index}`, { delayMs: 20 });
    const turns = [];
    for (let index = 0; index < 5; index += 1)
      turns.push(await harness.client.sendMessage({ text: `message ${index}` }));
    const ends = await Promise.all(turns.map((turn) => harness.turnEvents(turn.turnId)));
    expect(ends.map((events) => events.at(-1)?.type === "turn-end" && events.at(-1))).toMatchObject(
      [0, 1, 2, 3, 4].map((index) => ({ text: `reply ${index}` })),
    );
    const users = turnRequests(harness.llm).map((request) =>
      String(request.messages.at(-1)?.content),
    );
    expect(users.map((text) => text.split("\n").at(-1))).toEqual(
      [0, 1, 2, 3, 4].map((index) => `message ${index}`),
    );
  });
});

describe("API security", () => {
  let harness: TestDaemon;
  afterEach(async () => harness?.close());

  it("requires the token, refuses 10 MB bodies and never logs the token", async () => {
    harness = await startTestDaemon();
    expect((await fetch(`${harness.url}status`)).status).toBe(401);
    expect(
      (await fetch(`${harness.url}status`, { headers: { authorization: "Bearer wrong" } })).status,
    ).toBe(401);
    const inUrl = await fetch(`${harness.url}status?token=${harness.token}`);
    expect([400, 401]).toContain(inUrl.status); // a token in a URL is never accepted
    const big = await fetch(`${harness.url}message`, {
      method: "POST",
      headers: { authorization: `Bearer ${harness.token}`, "content-type": "application/json" },
      body: JSON.stringify({ text: "x".repeat(10 * 1024 * 1024) }),
    });
    expect(big.status).toBe(413);
    const body = (await big.json()) as { error: { code: string } };
    expect(body.error.code).toBe("KERN_BODY_TOO_LARGE");
    expect(harness.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
    harness.daemon.logger.flush();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(harness.logFile, "utf8")).not.toContain(harness.token);
  });
});
