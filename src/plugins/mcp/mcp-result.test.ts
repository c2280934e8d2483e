// Names the model can call, and MCP results as kern tool results. Pure.
import { describe, expect, it } from "vitest";
import { MAX_RESULT_CHARS, mapMcpResult } from "./mcp-result.js";
import { MODEL_TOOL_NAME, mcpToolName } from "./mcp-tool-name.js";

describe("mcpToolName", () => {
  it("joins server and tool with __ inside the providers' charset and length", () => {
    expect(mcpToolName("github", "create_issue", new Set())).toBe("github__create_issue");
    expect(mcpToolName("fs", "read.file v2", new Set())).toBe("fs__read_file_v2");
    const long = mcpToolName("server", "x".repeat(100), new Set());
    expect(long).toMatch(MODEL_TOOL_NAME);
    expect(long).toHaveLength(64);
    const taken = new Set(["fs__a_b"]);
    const clash = mcpToolName("fs", "a.b", taken);
    expect(clash).not.toBe("fs__a_b");
    expect(clash).toMatch(MODEL_TOOL_NAME);
  });
});

describe("mapMcpResult", () => {
  it("keeps text and images, turns resources into text and marks errors", () => {
    expect(
      mapMcpResult({
        content: [
          { type: "text", text: "hello" },
          { type: "image", data: "iVBOR", mimeType: "image/png" },
          { type: "resource", resource: { uri: "file:///a.txt", text: "inside" } },
          {
            type: "resource",
            resource: { uri: "file:///b.bin", blob: "AAAA", mimeType: "application/zip" },
          },
          { type: "resource_link", uri: "file:///c", name: "c" },
        ],
      }),
    ).toEqual({
      parts: [
        { type: "text", text: "hello" },
        { type: "image", mediaType: "image/png", data: "iVBOR" },
        { type: "text", text: "[resource file:///a.txt]\ninside" },
        { type: "text", text: "[binary resource file:///b.bin (application/zip)]" },
        { type: "text", text: "[resource link file:///c]" },
      ],
      isError: false,
    });
    expect(mapMcpResult({ content: [{ type: "text", text: "no" }], isError: true }).isError).toBe(
      true,
    );
    expect(mapMcpResult({ content: [], structuredContent: { sum: 42 } }).parts).toEqual([
      { type: "text", text: '{"sum":42}' },
    ]);
  });

  it("cuts very long text", () => {
    const mapped = mapMcpResult({
      content: [{ type: "text", text: "a".repeat(MAX_RESULT_CHARS + 10) }],
    });
    const part = mapped.parts[0];
    expect(part?.type === "text" && part.text.endsWith("[cut]")).toBe(true);
  });
});
