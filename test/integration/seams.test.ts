// The seams of issue 25, through the real daemon: a tool source registered at run time and a turn
// source that is not a person's message (a job) run one turn together; its envelope names the
// source, its reply route reaches a Telegram chat, and a `NO_REPLY` reply is kept silent.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { defineTool, type ToolSource } from "../../src/runtime/index.js";
import { type FakeTelegram, startFakeTelegram } from "../fakes/fake-telegram-server.js";
import {
  readSessionLines,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
  waitUntil,
} from "../support/test-daemon.js";

const ANN = 42;

/** The tool names a model request offered. */
function toolNames(request: { tools?: unknown } | undefined): string[] {
  const tools = z
    .array(z.object({ function: z.object({ name: z.string() }) }))
    .safeParse(request?.tools);
  return tools.success ? tools.data.map((tool) => tool.function.name) : [];
}

/** A source of one tool that stamps its argument, counting its calls. */
function stampSource(calls: string[]): ToolSource {
  const stamp = defineTool({
    name: "stamp",
    description: "Stamps a word (a test tool from a source registered at run time).",
    scope: "read",
    parameters: z.object({ word: z.string() }),
    run: async (args: { word: string }, context) => {
      calls.push(`${args.word}@${context.turn.kind}`);
      return { parts: [{ type: "text", text: `stamped ${args.word}` }] };
    },
  });
  return { id: "test-stamps", tools: () => [stamp] };
}

describe("registries: tool sources and turn sources (issue 25)", () => {
  const harnesses: TestDaemon[] = [];
  let telegram: FakeTelegram | null = null;
  afterEach(async () => {
    for (const harness of harnesses.splice(0)) await harness.close();
    await telegram?.close();
    telegram = null;
  });

  it("runs a job turn with a tool from a source registered at run time", async () => {
    const harness = await startTestDaemon();
    harnesses.push(harness);
    const calls: string[] = [];
    const unregister = harness.daemon.runtime.registries.tools.register(stampSource(calls));
    harness.llm.replyToolCall("stamp", { word: "nightly" });
    harness.llm.reply("NO_REPLY", { usage: { promptTokens: 120, completionTokens: 3 } });
    const { turnId } = harness.daemon.runtime.enqueue({
      kind: "job",
      envelope: { interface: "job", name: "nightly-check", text: "check the backups" },
    });
    const events = await harness.turnEvents(turnId);

    const [first] = turnRequests(harness.llm);
    const userMessage = String(first?.messages.filter((m) => m.role === "user").at(-1)?.content);
    expect(userMessage).toMatch(/^\[via job nightly-check, \d{4}-\d\d-\d\dT\d\d:\d\dZ\]\n/);
    expect(toolNames(first)).toContain("stamp");
    expect(calls).toEqual(["nightly@job"]);
    expect(events.at(-1)).toMatchObject({ type: "turn-end", silent: true, kind: "job" });
    const file = readdirSync(join(harness.agentDir, ".kern", "sessions")).at(-1) ?? "";
    const lines = readSessionLines(harness.agentDir, file).filter(
      (line) => line["seq"] !== undefined,
    );
    expect(lines.at(0)).toMatchObject({
      role: "user",
      meta: { kind: "job", name: "nightly-check" },
    });
    expect(lines.at(-1)).toMatchObject({
      role: "assistant",
      content: "NO_REPLY",
      meta: { silent: true },
    });

    unregister();
    harness.llm.reply("done");
    const second = harness.daemon.runtime.enqueue({
      kind: "job",
      envelope: { interface: "job", name: "nightly-check", text: "again" },
    });
    await harness.turnEvents(second.turnId);
    const tools = toolNames(turnRequests(harness.llm).at(-1));
    expect(tools).not.toContain("stamp");
  });

  it("delivers a routed turn's reply to its Telegram chat, and nothing for NO_REPLY", async () => {
    telegram = await startFakeTelegram();
    const harness = await startTestDaemon({ telegram });
    harnesses.push(harness);
    harness.llm.reply("Backups are fine.");
    const routed = harness.daemon.runtime.enqueue({
      kind: "job",
      envelope: {
        interface: "job",
        name: "backups",
        text: "check",
        replyTo: { channel: "telegram", chat: String(ANN) },
      },
    });
    await harness.turnEvents(routed.turnId);
    await waitUntil(
      () => telegram?.messages(ANN).includes("Backups are fine."),
      "the reply in Ann's chat",
    );

    harness.llm.reply("NO_REPLY");
    const silent = harness.daemon.runtime.enqueue({
      kind: "heartbeat",
      envelope: {
        interface: "heartbeat",
        text: "checklist",
        replyTo: { channel: "telegram", chat: String(ANN) },
      },
    });
    const events = await harness.turnEvents(silent.turnId);
    expect(events.at(-1)).toMatchObject({ type: "turn-end", silent: true, kind: "heartbeat" });
    await harness.daemon.runtime.whenIdle();
    expect(telegram.messages(ANN)).toEqual(["Backups are fine."]);
  });
});
