import { describe, expect, it } from "vitest";
import type { AgentStatus } from "../../kernel/index.js";
import {
  fitStatusLine,
  formatMemoryState,
  formatStatusLine,
  formatTokenCount,
  formatToolLine,
  stripEnvelopePrefix,
  summarizeToolArguments,
} from "./format-turn.js";

const memory: AgentStatus["memory"] = {
  status: "idle",
  pendingJobs: 0,
  segments: { "1": 1, "0": 12 },
  staleSegments: 0,
  unsegmentedMessages: 0,
  lastRunAt: null,
  lastError: null,
};

describe("formatToolLine", () => {
  it("shows the command and the number of output lines", () => {
    const result = {
      output: Array.from({ length: 12 }, (_, n) => `l${n}`).join("\n"),
      isError: false,
    };
    expect(formatToolLine({ name: "bash", arguments: '{"command":"ls -la"}', result })).toBe(
      "⚙ bash ls -la → 12 lines",
    );
  });

  it("marks a running call, an empty output and an error", () => {
    expect(formatToolLine({ name: "read", arguments: '{"path":"a.md"}', result: null })).toBe(
      "⚙ read a.md → …",
    );
    const empty = { output: "\n", isError: false };
    expect(formatToolLine({ name: "write", arguments: "{}", result: empty })).toBe(
      "⚙ write → no output",
    );
    const failed = { output: "ENOENT: no such file\nstack", isError: true };
    expect(formatToolLine({ name: "read", arguments: '{"path":"x"}', result: failed })).toBe(
      "⚙ read x → error: ENOENT: no such file",
    );
    const prefixed = { output: 'error: unknown tool "nope"; available: bash', isError: true };
    expect(formatToolLine({ name: "nope", arguments: "{}", result: prefixed })).toBe(
      '⚙ nope → error: unknown tool "nope"; available: bash',
    );
  });
});

describe("summarizeToolArguments", () => {
  it("keeps one line and shortens long values without splitting a character", () => {
    expect(summarizeToolArguments('{"command":"echo a\\n  echo b"}')).toBe("echo a echo b");
    const long = summarizeToolArguments(JSON.stringify({ query: "😀".repeat(80) }));
    expect(Array.from(long)).toHaveLength(60);
    expect(long.endsWith("😀…")).toBe(true);
  });

  it("falls back to the first string field, or the raw text when it is not JSON", () => {
    expect(summarizeToolArguments('{"k":3,"other":"value"}')).toBe("value");
    expect(summarizeToolArguments('{"comm')).toBe('{"comm');
    expect(summarizeToolArguments('{"k":3}')).toBe("");
  });
});

describe("stripEnvelopePrefix", () => {
  it("removes the envelope line only", () => {
    expect(
      stripEnvelopePrefix("[via telegram, chat 1, user Ann, 2026-04-02T06:09Z]\nhi\nthere"),
    ).toBe("hi\nthere");
    expect(stripEnvelopePrefix("[not an envelope]\nhi")).toBe("[not an envelope]\nhi");
  });
});

describe("formatTokenCount and formatMemoryState", () => {
  it("formats counts compactly", () => {
    expect([950, 1000, 12_345, 1_250_000].map(formatTokenCount)).toEqual([
      "950",
      "1k",
      "12.3k",
      "1.3M",
    ]);
  });

  it("lists levels in order and flags running jobs, stale segments and failures", () => {
    expect(formatMemoryState(memory)).toBe("memory idle · L0 12 L1 1");
    const busy = {
      ...memory,
      status: "running" as const,
      pendingJobs: 3,
      staleSegments: 2,
      lastError: "boom",
    };
    expect(formatMemoryState(busy)).toBe(
      "memory running (3 jobs) · L0 12 L1 1 · 2 stale · last job failed",
    );
  });
});

describe("formatStatusLine", () => {
  it("says when the daemon is gone and why, when it is not simply down", () => {
    const parts = formatStatusLine({
      agentName: "ada",
      connection: "disconnected",
      connectionError: "the daemon refused the token",
      status: null,
      turnRunning: false,
    });
    expect(parts.indicator).toBe("○ disconnected — reconnecting… (the daemon refused the token)");
    expect(parts.details).toBe("ada");
    expect(parts.hint).toContain("/help");
  });
});

describe("the status line on one row", () => {
  const parts = {
    indicator: "● connected",
    details: "agent · fake-model · 1,204 messages, 38.2k tokens · memory idle · L0 12 L1 3",
    hint: "/help · Ctrl-C quits",
  };

  it("keeps the indicator and the key hint and shortens the details to fit", () => {
    const fitted = fitStatusLine(parts, 80);
    const row = `${fitted.indicator} · ${fitted.details} · ${fitted.hint}`;
    expect(Array.from(row).length).toBeLessThanOrEqual(80);
    expect(fitted.details.endsWith("…")).toBe(true);
    expect(fitted.hint).toBe(parts.hint);
    expect(fitStatusLine(parts, 200)).toEqual(parts);
  });
});
