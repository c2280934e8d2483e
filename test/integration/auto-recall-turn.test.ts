// autoRecall in a real turn (SPEC §6, issue 15): once the history is trimmed, the turn's <recall>
// block rides on its user message, not in the system prompt, and stays the same through the turn's
// steps, so the provider's prompt cache keeps everything before it (LESSONS #6).
import { afterEach, describe, expect, it } from "vitest";
import {
  SMALL_SEGMENTS,
  startTestDaemon,
  type TestDaemon,
  turnRequests,
} from "../support/test-daemon.js";

const TOPICS = ["violin", "glacier", "orchard", "lantern", "meteor", "saffron", "tundra", "canal"];
/** About 250 tokens a reply: twelve turns overflow the 4,000-token budget. */
const reply = (topic: string) =>
  `Notes on the ${topic}: ${"we compared the options, wrote down the costs and kept the plan. ".repeat(18)}`;

describe("autoRecall in a turn", () => {
  let harness: TestDaemon | undefined;
  afterEach(async () => {
    await harness?.close();
    harness = undefined;
  });

  it("puts the <recall> block on the user message, the same at every step of the turn", async () => {
    harness = await startTestDaemon({
      config: {
        maxContextTokens: 4_000,
        segmentation: SMALL_SEGMENTS,
      },
    });
    const { llm, client, daemon } = harness;
    llm.reply("Noted: the gate code of the harbor shed is 4471.");
    await harness.turnEvents(
      (await client.sendMessage({ text: "Remember the harbor shed gate code: 4471." })).turnId,
    );
    for (const topic of [...TOPICS, ...TOPICS]) {
      llm.reply(reply(topic));
      const { turnId } = await client.sendMessage({ text: `Tell me about the ${topic} plan.` });
      await harness.turnEvents(turnId);
    }
    await daemon.memory.runUntilIdle();
    const before = turnRequests(llm).length;
    llm.replyToolCall("bash", { command: "echo checked" });
    llm.reply("The harbor shed gate code is 4471.");
    const { turnId } = await client.sendMessage({ text: "What is the harbor shed gate code?" });
    await harness.turnEvents(turnId);

    const [first, second] = turnRequests(llm).slice(before);
    const system = (request: typeof first) => String(request?.messages[0]?.content);
    const userMessage = (request: typeof first) =>
      String(request?.messages.findLast((message) => message.role === "user")?.content);
    // The history no longer fits: the oldest turn with the code was trimmed from the window.
    expect(first?.messages.slice(1).some((m) => String(m.content).startsWith("Remember"))).toBe(
      false,
    );
    expect(system(first)).not.toMatch(/^<recall>$/m); // KERN.md only mentions it
    // The envelope line first, then the block with the trimmed fact, then the user's words.
    expect(userMessage(first)).toMatch(
      /^\[via web, [^\]]+\]\n<recall>\n[\s\S]*gate code: 4471[\s\S]*\n<\/recall>\n\nWhat is the harbor shed gate code\?$/,
    );
    // The second step (after the tool result) sends the same system prompt and user message.
    expect(second?.messages.some((message) => message.role === "tool")).toBe(true);
    expect(system(second)).toBe(system(first));
    expect(userMessage(second)).toBe(userMessage(first));
    const stats = await client.contextStats();
    expect(stats.tokens.total).toBeLessThanOrEqual(4_000);
  });
});
