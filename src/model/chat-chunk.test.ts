import { describe, expect, it } from "vitest";
import { ModelError } from "../kernel/index.js";
import {
  applyChunk,
  createResponseAssembly,
  finishResponse,
  parseChatChunk,
} from "./chat-chunk.js";

function fragment(index: number, fields: { id?: string; name?: string; args?: string }) {
  return parseChatChunk({
    choices: [
      {
        delta: {
          tool_calls: [
            { index, id: fields.id, function: { name: fields.name, arguments: fields.args } },
          ],
        },
        finish_reason: null,
      },
    ],
  });
}

function finish(reason: string) {
  return parseChatChunk({ choices: [{ delta: {}, finish_reason: reason }] });
}

describe("chat chunk assembly", () => {
  it("assembles interleaved argument fragments by index", () => {
    const assembly = createResponseAssembly();
    applyChunk(assembly, fragment(1, { id: "b", name: "bash", args: '{"comm' }));
    applyChunk(assembly, fragment(0, { id: "a", name: "read", args: '{"pa' }));
    applyChunk(assembly, fragment(1, { args: 'and":"ls"}' }));
    applyChunk(assembly, fragment(0, { args: 'th":"x"}' }));
    applyChunk(assembly, finish("tool_calls"));
    expect(finishResponse(assembly)).toEqual({
      stopReason: "tool-calls",
      toolCalls: [
        { id: "a", type: "function", function: { name: "read", arguments: '{"path":"x"}' } },
        { id: "b", type: "function", function: { name: "bash", arguments: '{"command":"ls"}' } },
      ],
    });
  });

  it("fills a missing id and empty arguments, and trusts tool calls over a 'stop'", () => {
    const assembly = createResponseAssembly();
    applyChunk(assembly, fragment(0, { name: "describe" }));
    applyChunk(assembly, finish("stop"));
    const { stopReason, toolCalls } = finishResponse(assembly);
    expect(stopReason).toBe("tool-calls");
    expect(toolCalls[0]?.id).toMatch(/^call_/);
    expect(toolCalls[0]?.function.arguments).toBe("{}");
  });

  it("drops a tool call cut off by the output limit", () => {
    const assembly = createResponseAssembly();
    applyChunk(assembly, fragment(0, { id: "a", name: "read", args: '{"path":"x"}' }));
    applyChunk(assembly, fragment(1, { id: "b", name: "write", args: '{"path":"y","con' }));
    applyChunk(assembly, finish("length"));
    const { stopReason, toolCalls } = finishResponse(assembly);
    expect(stopReason).toBe("length");
    expect(toolCalls.map((call) => call.id)).toEqual(["a"]);
  });

  it("returns the added text and reads usage with cached tokens", () => {
    const assembly = createResponseAssembly();
    const text = applyChunk(
      assembly,
      parseChatChunk({ choices: [{ delta: { role: "assistant", content: "Hi" } }] }),
    );
    applyChunk(
      assembly,
      parseChatChunk({
        choices: [],
        usage: {
          prompt_tokens: 10,
          completion_tokens: 2,
          prompt_tokens_details: { cached_tokens: 8 },
        },
      }),
    );
    expect(text).toBe("Hi");
    expect(assembly.usage).toEqual({ inputTokens: 10, outputTokens: 2, cachedTokens: 8 });
  });

  it("rejects malformed chunks and streams without a finish reason", () => {
    expect(() => parseChatChunk({ choices: "nope" })).toThrow(ModelError);
    expect(() => finishResponse(createResponseAssembly())).toThrow(
      expect.objectContaining({ code: "KERN_MODEL_BAD_RESPONSE" }),
    );
  });
});
