import { describe, expect, it } from "vitest";
import { applyCacheControl, type ModelRequest, shouldApplyCacheControl } from "./index.js";

const EPHEMERAL = { type: "ephemeral" };

function requestWith(
  messages: ModelRequest["messages"],
  model = "anthropic/claude-opus-4",
): ModelRequest {
  return { model, messages };
}

describe("applyCacheControl", () => {
  it("applies only to Anthropic models behind OpenRouter", () => {
    expect(shouldApplyCacheControl("anthropic/claude-sonnet-4.5", "openrouter")).toBe(true);
    expect(shouldApplyCacheControl("some-vendor/Claude-3-haiku", "openrouter")).toBe(true);
    expect(shouldApplyCacheControl("openai/gpt-4o", "openrouter")).toBe(false);
    expect(shouldApplyCacheControl("claude-sonnet-4", "openai-compatible")).toBe(false);
  });

  it("returns the very same request when caching does not apply", () => {
    const request = requestWith([{ role: "system", content: "s" }], "openai/gpt-4o");
    expect(applyCacheControl(request, "openrouter")).toBe(request);
    expect(applyCacheControl(requestWith(request.messages), "ollama").messages).toBe(
      request.messages,
    );
  });

  it("marks the system prompt and the last message before the final user message", () => {
    const request = requestWith([
      { role: "system", content: "rules" },
      { role: "user", content: "q1" },
      { role: "assistant", content: "a1" },
      { role: "user", content: "q2" },
      { role: "assistant", content: null, tool_calls: [] },
    ]);
    const marked = applyCacheControl(request, "openrouter").messages;
    expect(marked[0]?.content).toEqual([{ type: "text", text: "rules", cache_control: EPHEMERAL }]);
    expect(marked[2]?.content).toEqual([{ type: "text", text: "a1", cache_control: EPHEMERAL }]);
    expect(marked[1]?.content).toBe("q1");
    expect(marked[3]?.content).toBe("q2");
    expect(request.messages[0]?.content).toBe("rules");
  });

  it("skips messages without text and marks the last non-empty part", () => {
    const request = requestWith([
      {
        role: "system",
        content: [
          { type: "text", text: "stable" },
          { type: "text", text: "" },
        ],
      },
      { role: "user", content: "list files" },
      { role: "tool", content: "a.md", tool_call_id: "c1" },
      { role: "assistant", content: null, tool_calls: [] },
      { role: "user", content: "thanks" },
    ]);
    const marked = applyCacheControl(request, "openrouter").messages;
    expect(marked[0]?.content).toEqual([
      { type: "text", text: "stable", cache_control: EPHEMERAL },
      { type: "text", text: "" },
    ]);
    expect(marked[2]?.content).toEqual([{ type: "text", text: "a.md", cache_control: EPHEMERAL }]);
    expect(marked[3]?.content).toBeNull();
  });

  it("adds only the system breakpoint to a first turn", () => {
    const marked = applyCacheControl(
      requestWith([
        { role: "system", content: "rules" },
        { role: "user", content: "hello" },
      ]),
      "openrouter",
    ).messages;
    expect(JSON.stringify(marked).match(/cache_control/g)).toHaveLength(1);
    expect(marked[1]?.content).toBe("hello");
  });
});
