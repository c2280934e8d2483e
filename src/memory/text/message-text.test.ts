import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import { messageText } from "./message-text.js";

const base = { seq: 0, ts: "2026-04-02T06:09:27.043Z" } as const;

describe("messageText", () => {
  it("returns the content of a user message", () => {
    const message: SessionMessage = { ...base, role: "user", content: "deploy db-03" };
    expect(messageText(message)).toBe("deploy db-03");
  });

  it("appends tool call names and arguments after the content", () => {
    const message: SessionMessage = {
      ...base,
      role: "assistant",
      content: "Checking.",
      toolCalls: [
        { id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
        { id: "c2", type: "function", function: { name: "read", arguments: '{"path":"a.ts"}' } },
      ],
    };
    expect(messageText(message)).toBe('Checking.\nbash({"command":"ls"})\nread({"path":"a.ts"})');
  });

  it("gives only the calls when an assistant message has no content", () => {
    const message: SessionMessage = {
      ...base,
      role: "assistant",
      content: null,
      toolCalls: [{ id: "c1", type: "function", function: { name: "glob", arguments: "{}" } }],
    };
    expect(messageText(message)).toBe("glob({})");
  });

  it("prefixes a tool result with its tool name", () => {
    const message: SessionMessage = {
      ...base,
      role: "tool",
      content: "total 0",
      toolCallId: "c1",
      meta: { tool: "bash" },
    };
    expect(messageText(message)).toBe("bash: total 0");
  });

  it("returns an empty string for a message without text", () => {
    expect(messageText({ ...base, role: "assistant", content: null })).toBe("");
  });
});
