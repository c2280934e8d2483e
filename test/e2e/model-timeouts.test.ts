// Hole 11 of issue 18 against the real daemon: a hung model endpoint fails the turn in seconds
// (firstByteTimeoutMs, no retries of a timeout), and a reply cut off mid-stream is stored and
// shown as partial, not as a whole reply.
import { describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { runTurn, startLiveDaemon } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { turnRequests } from "../support/test-daemon.js";

function errorOf(events: StreamEvent[]) {
  const error = events.find((event) => event.type === "error");
  return error?.type === "error" ? error : null;
}

describe("model timeouts and partial replies (issue 18, hole 11)", () => {
  const agent = useProcessAgent("kern-model-timeouts-", async (dir) => {
    await updateConfigFile(dir, { firstByteTimeoutMs: 1500, idleTimeoutMs: 1000, modelRetries: 3 });
  });

  it("fails a turn on a hung endpoint after firstByteTimeoutMs, without retrying it", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    const before = turnRequests(agent.llm).length;
    agent.llm.reply("far too late", { delayMs: 120_000 });
    const turn = await runTurn(client, "are you there?");
    expect(errorOf(turn.events)?.code).toBe("KERN_MODEL_STALLED");
    expect(errorOf(turn.events)?.message).toContain("firstByteTimeoutMs");
    expect(turn.events.at(-1)).toMatchObject({ type: "turn-end", stopReason: "error" });
    expect(turn.elapsedMs).toBeLessThan(10_000); // 1.5 s timeout; the reply would come at 120 s
    expect(turnRequests(agent.llm).length - before).toBe(1);
  }, 60_000);

  it("stores a reply cut off mid-stream as partial (a stall, then a stream without its end)", async () => {
    const { client } = await startLiveDaemon(agent.dir);
    agent.llm.stall({ text: "The answer is forty" });
    const stalled = await runTurn(client, "what is the answer?");
    expect(errorOf(stalled.events)?.message).toContain("idleTimeoutMs");
    const chunk = {
      id: "c1",
      object: "chat.completion.chunk",
      created: 0,
      model: "fake-model",
      choices: [
        { index: 0, delta: { role: "assistant", content: "Half a sent" }, finish_reason: null },
      ],
    };
    agent.llm.replyRawSse(`data: ${JSON.stringify(chunk)}\n\n`);
    const cut = await runTurn(client, "and again?");
    expect(errorOf(cut.events)?.code).toBe("KERN_MODEL_BAD_RESPONSE");
    agent.llm.reply("a whole reply");
    await runTurn(client, "once more");

    const history = await client.history({ limit: 50 });
    const replies = history.messages.filter((message) => message.role === "assistant");
    const partial = (text: string) => replies.find((message) => message.content === text)?.meta;
    expect(partial("The answer is forty")).toMatchObject({ partial: true });
    expect(partial("Half a sent")).toMatchObject({ partial: true });
    expect(partial("a whole reply")?.partial).toBeUndefined();
  }, 60_000);
});
