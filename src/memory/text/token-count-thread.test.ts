import { afterEach, describe, expect, it } from "vitest";
import { countMessageTokens } from "./count-tokens.js";
import { type CountedMessage, TokenCountThread } from "./token-count-thread.js";

const MESSAGES: CountedMessage[] = [
  { role: "user", content: "What did the deploy log say at 21:46?" },
  { role: "assistant", content: null, toolCalls: [call("bash", '{"command":"tail deploy.log"}')] },
  { role: "tool", content: `${"x".repeat(20_000)} done`, meta: { tool: "bash" } },
  { role: "user", content: "日本語のテキストと emoji 🎉" },
];

function call(name: string, args: string) {
  return { id: "c1", type: "function" as const, function: { name, arguments: args } };
}

describe("TokenCountThread", () => {
  let thread: TokenCountThread | null = null;
  afterEach(async () => {
    await thread?.close();
  });

  it("counts in its worker exactly what countMessageTokens counts here", async () => {
    thread = new TokenCountThread();
    const expected = MESSAGES.map((message) => countMessageTokens({ ...message, seq: 0, ts: "" }));
    const [first, second] = await Promise.all([thread.count(MESSAGES), thread.count([])]);
    expect(first).toEqual(expected);
    expect(second).toEqual([]);
  });

  it("once closed, leaves every count to the caller instead of failing", async () => {
    thread = new TokenCountThread();
    const pending = thread.count(MESSAGES);
    await thread.close();
    expect(await pending).toEqual([undefined, undefined, undefined, undefined]);
    expect(await thread.count(MESSAGES.slice(0, 2))).toEqual([undefined, undefined]);
  });
});
