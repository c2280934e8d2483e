import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../kernel/index.js";
import {
  buildRollupSummaryRequest,
  buildSegmentSummaryRequest,
  renderTranscriptMessage,
  SUMMARIZER_MARKER,
  summaryOutputTokens,
} from "./summary-prompt.js";

const ts = "2026-04-02T06:09:27.043Z";
const messages: SessionMessage[] = [
  {
    seq: 341,
    ts,
    role: "user",
    content: "Why did the db-03 backup fail?",
    meta: { name: "Ann", interface: "telegram" },
  },
  {
    seq: 342,
    ts,
    role: "assistant",
    content: null,
    toolCalls: [
      { id: "c1", type: "function", function: { name: "bash", arguments: '{"command":"df -h"}' } },
    ],
  },
  {
    seq: 343,
    ts,
    role: "tool",
    content: `${"x".repeat(5_000)}ERROR quota${"y".repeat(5_000)}`,
    toolCallId: "c1",
    meta: { tool: "bash" },
  },
  {
    seq: 344,
    ts: "2026-04-02T07:15:33.891Z",
    role: "assistant",
    content: "The quota is full; I pruned KX-4471 snapshots.",
  },
];

describe("buildSegmentSummaryRequest", () => {
  const request = buildSegmentSummaryRequest({
    messages,
    targetTokens: 300,
    model: "gpt-4.1-mini",
  });

  it("starts the system prompt with the exact marker line", () => {
    expect(request.system.split("\n")[0]).toBe("You are kern's memory summarizer.");
    expect(SUMMARIZER_MARKER).toBe("You are kern's memory summarizer.");
  });

  it("asks for SPEC §4 notes: first person, done, decided, unresolved, facts verbatim", () => {
    for (const phrase of [
      "first-person bullet notes",
      "what was done, decided and left unresolved",
      "with its reason",
      "files, commands and settings changed",
      "errors and how they were fixed",
      "preferences",
      "open questions",
      "exactly as written",
      "<summary></summary>",
    ]) {
      expect(request.system).toContain(phrase);
    }
  });

  it("states the range, the time span and the target length", () => {
    expect(request.user).toContain("messages 341-344");
    expect(request.user).toContain(`${ts} to 2026-04-02T07:15:33.891Z`);
    expect(request.user).toContain("about 300 tokens");
  });

  it("renders every message with its seq, role and speaker, and tool calls with arguments", () => {
    expect(request.user).toContain(
      `[#341 user Ann via telegram ${ts}]\nWhy did the db-03 backup fail?`,
    );
    expect(request.user).toContain('→ bash({"command":"df -h"})');
    expect(request.user).toContain("[#343 tool bash");
    expect(request.user).toContain("I pruned KX-4471 snapshots.");
  });

  it("shortens long tool output in the middle", () => {
    const tool = renderTranscriptMessage(messages[2]!);
    expect(tool.length).toBeLessThan(2_200);
    expect(tool).toContain("characters omitted");
    expect(request.user).not.toContain("ERROR quota");
  });

  it("leaves generous room for the output", () => {
    expect(request.maxOutputTokens).toBeGreaterThanOrEqual(4 * 300);
    expect(request.maxOutputTokens).toBeGreaterThanOrEqual(2_048);
  });
});

describe("summaryOutputTokens", () => {
  it("gives at least 4× the target and 2048, more to reasoning models, at most 32k", () => {
    expect(summaryOutputTokens(100, "gpt-4o")).toBe(2_048);
    expect(summaryOutputTokens(1_000, "llama3.1:8b")).toBe(4_000);
    expect(summaryOutputTokens(1_000, "o3-mini")).toBe(8_192);
    expect(summaryOutputTokens(1_500, "deepseek/deepseek-r1")).toBe(12_000);
    expect(summaryOutputTokens(1_000, "qwen-thinking")).toBe(8_192);
    expect(summaryOutputTokens(100_000, "gpt-5")).toBe(32_768);
  });
});

describe("buildRollupSummaryRequest", () => {
  const children = Array.from({ length: 3 }, (_, index) => ({
    level: 0,
    seqStart: index * 100,
    seqEnd: index * 100 + 100,
    firstTs: `2026-04-0${index + 1}T00:00:00.000Z`,
    lastTs: `2026-04-0${index + 1}T23:00:00.000Z`,
    body: `- Fact ${index} about db-0${index}.`,
  }));
  const request = buildRollupSummaryRequest({
    childSummaries: children,
    level: 1,
    targetTokens: 500,
    model: "gpt-4o",
  });

  it("uses the marker and rollup instructions", () => {
    expect(request.system.startsWith(`${SUMMARIZER_MARKER}\n`)).toBe(true);
    expect(request.system).toContain("merge consecutive summaries");
    expect(request.system).toContain("chronological order");
  });

  it("includes every child as a SPEC block, oldest first, and names the span and level", () => {
    expect(request.user).toContain(
      "Merge these 3 consecutive summaries (messages 0-299, 2026-04-01T00:00:00.000Z to 2026-04-03T23:00:00.000Z) into one L1 summary",
    );
    const positions = [0, 1, 2].map((index) =>
      request.user.indexOf(`- Fact ${index} about db-0${index}.`),
    );
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    expect(request.user).toContain("level: L0\nmessages: 100-199");
    expect(request.maxOutputTokens).toBe(2_048);
  });

  it("accepts ready-made text children", () => {
    const text = buildRollupSummaryRequest({
      childSummaries: ["- A.", "- B."],
      level: 2,
      targetTokens: 100,
      model: "m",
    });
    expect(text.user).toContain("Merge these 2 consecutive summaries into one L2 summary");
    expect(text.user.endsWith("- A.\n\n- B.")).toBe(true);
  });
});
