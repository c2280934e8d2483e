import { describe, expect, it } from "vitest";
import {
  formatContext,
  formatRecall,
  formatSandboxLine,
  formatStatus,
  formatUptime,
  recallAssistLines,
} from "./format-views.js";
import type { AgentStatus, ContextReport } from "./views.js";

const report = (recallRoom: number): ContextReport => ({
  maxContextTokens: 20_000,
  summaryBudget: 0.75,
  tokens: { system: 2_000, summary: 8_000, messages: 7_000, total: 17_000 },
  recallRoom,
  trimmedCount: 120,
  window: { seqStart: 120, seqEnd: 160 },
  segmentIds: ["s1"],
  sections: [{ tag: "conversation_summary", path: null, tokens: 8_000 }],
  systemPrompt: "",
});

describe("formatContext", () => {
  it("names the room autoRecall keeps for a turn's <recall> block, only when it keeps one", () => {
    expect(formatContext(report(2_009))).toContain(
      "recall room 2009 (kept for a turn's <recall> block; autoRecall)",
    );
    expect(formatContext(report(0))).not.toContain("recall room");
  });
});

describe("formatUptime", () => {
  it("reads as a person says it", () => {
    expect(formatUptime(42_000)).toBe("42 s");
    expect(formatUptime(665_000)).toBe("11 min");
    expect(formatUptime(7_500_000)).toBe("2 h 5 min");
    expect(formatUptime(3 * 86_400_000 + 4 * 3_600_000)).toBe("3 d 4 h");
  });
});

describe("formatStatus", () => {
  const status = (toolSources: AgentStatus["toolSources"]): AgentStatus => ({
    agent: "ada",
    agentDir: "/tmp/ada",
    model: "m",
    provider: "openai",
    pid: 1,
    uptimeMs: 1_000,
    port: null,
    url: null,
    session: { id: "s", messages: 0, tokens: 0 },
    queue: { running: null, waiting: 0 },
    memory: {
      status: "idle",
      pendingJobs: 0,
      segments: {},
      staleSegments: 0,
      unsegmentedMessages: 0,
      lastRunAt: null,
      lastError: null,
    },
    channels: [],
    toolSources,
  });

  it("lists no MCP line when no server is configured, and one when a server offers tools or fails", () => {
    const none = formatStatus(status([{ id: "mcp", state: "ready", tools: 0, error: null }]));
    expect(none).not.toContain("tools mcp");
    const some = formatStatus(
      status([
        { id: "mcp", state: "ready", tools: 3, error: null },
        { id: "web", state: "failed", tools: 0, error: "no SearXNG" },
      ]),
    );
    expect(some).toContain("tools mcp: ready, 3 tool(s)");
    expect(some).toContain("tools web: failed, 0 tool(s) — no SearXNG");
  });
});

describe("formatSandboxLine", () => {
  it("names bubblewrap and the network, or warns when there is none while it was wanted", () => {
    const view = { setting: "auto" as const, network: true, warning: null };
    expect(formatSandboxLine({ ...view, mode: "bwrap" })).toBe("sandbox: bwrap (network on)");
    expect(formatSandboxLine({ ...view, mode: "bwrap", network: false })).toBe(
      "sandbox: bwrap (network off)",
    );
    expect(formatSandboxLine({ ...view, mode: "none", warning: "bwrap is not installed: …" })).toBe(
      "WARNING no sandbox: bwrap is not installed: …",
    );
    expect(formatSandboxLine({ ...view, setting: "off", mode: "none" })).toMatch(/^sandbox: off/);
  });
});

describe("formatRecall", () => {
  it("prints each hit's range and time in the agent's time zone", () => {
    const report = {
      query: "spare key",
      results: [
        {
          session: "s1",
          seqStart: 4,
          seqEnd: 6,
          score: 0.03,
          snippet: "the spare key is under the flowerpot",
          ts: "2026-03-05T22:40:00.000Z",
        },
      ],
    };
    expect(formatRecall(report, "Asia/Tokyo")).toBe(
      "[4-5] 2026-03-06 07:40 the spare key is under the flowerpot",
    );
    expect(formatRecall({ query: "zebra", results: [] }, "UTC")).toBe(
      'no close matches for "zebra"',
    );
  });

  it("ends with what the chat model did for the search, a line each, when it was asked", () => {
    const assist = {
      rewrites: ["spare key location", "flowerpot"],
      reranked: 12,
      failures: ["rerank: the model timed out after 15 s"],
    };
    expect(formatRecall({ query: "zebra", results: [], assist }, "UTC").split("\n")).toEqual([
      'no close matches for "zebra"',
      'model searched also: "spare key location", "flowerpot"',
      "model re-ordered the first 12 candidates",
      "model did not help (rerank: the model timed out after 15 s)",
    ]);
    // Asked, and it wrote nothing usable: no line but the failure's.
    const failed = { rewrites: [], reranked: 0, failures: ["rewrite: no queries in the reply"] };
    expect(recallAssistLines({ query: "q", results: [], assist: failed })).toEqual([
      "model did not help (rewrite: no queries in the reply)",
    ]);
    expect(recallAssistLines({ query: "q", results: [] })).toEqual([]);
  });
});
