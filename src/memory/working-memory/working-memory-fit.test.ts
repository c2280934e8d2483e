import { describe, expect, it } from "vitest";
import { countTokens } from "../text/count-tokens.js";
import { fitWorkingMemory, workingMemoryPromptTokens } from "./working-memory-fit.js";
import { parseWorkingMemory, renderWorkingMemory } from "./working-memory-markdown.js";
import type { WorkingMemoryState } from "./working-memory-state.js";

/** A year's working memory: `decisions` decisions and `files` files, seqs interleaved. */
function yearState(decisions: number, files: number): WorkingMemoryState {
  return {
    task: { now: "Rotate the TLS certificates of the edge proxies", next: "Reload nginx" },
    decisions: Array.from({ length: decisions }, (_, index) => ({
      date: "2026-05-01",
      text: `Decision ${index}: use blue-green deploys for service-${index}`,
      reason: index % 2 === 0 ? "rollbacks must take seconds" : null,
      seq: index * 10,
    })),
    files: Array.from({ length: files }, (_, index) => ({
      path: `deploy/service-${index}.yaml`,
      note: "edited (write, 12 lines)",
      seq: index * 10 + 5,
    })),
    context: [{ text: "The staging host is staging-7", lastSeq: 4_000 }],
    preferences: [{ text: "I prefer short answers", seq: 3 }],
  };
}

describe("fitWorkingMemory", () => {
  it("returns a document that fits unchanged", () => {
    const markdown = renderWorkingMemory(yearState(3, 2));
    expect(fitWorkingMemory(markdown, 10_000)).toBe(markdown);
  });

  it("leaves out the oldest decisions and files, says how many, and keeps the rest", () => {
    // Files are edited late in this history: the newest items are files and decisions both.
    const state = yearState(400, 100);
    state.files = state.files.map((file) => ({ ...file, seq: file.seq * 4 + 1 }));
    const markdown = renderWorkingMemory(state);
    const cap = 2_000;
    expect(countTokens(markdown)).toBeGreaterThan(5 * cap);
    const fitted = fitWorkingMemory(markdown, cap);
    expect(countTokens(fitted)).toBeLessThanOrEqual(cap);
    const kept = parseWorkingMemory(fitted);
    // The newest survive, the oldest go, and nothing is invented or reordered.
    expect(kept.decisions.at(-1)).toEqual(state.decisions.at(-1));
    expect(kept.decisions.length).toBeGreaterThan(10);
    expect(kept.decisions.length).toBeLessThan(400);
    expect(state.decisions.slice(400 - kept.decisions.length)).toEqual(kept.decisions);
    expect(state.files.slice(100 - kept.files.length)).toEqual(kept.files);
    const oldestKept = Math.min(kept.decisions[0]?.seq ?? Infinity, kept.files[0]?.seq ?? Infinity);
    const newestLeft = Math.max(
      state.decisions[400 - kept.decisions.length - 1]?.seq ?? -1,
      state.files[100 - kept.files.length - 1]?.seq ?? -1,
    );
    expect(newestLeft).toBeLessThan(oldestKept);
    expect(fitted).toContain(
      `## Decisions\n- (${400 - kept.decisions.length} earlier decisions left out for room; recall finds them)\n`,
    );
    expect(fitted).toContain(`- (${100 - kept.files.length} earlier files left out`);
    // Task, context and preferences are never cut for room.
    expect(kept.task).toEqual(state.task);
    expect(kept.context).toEqual(state.context);
    expect(kept.preferences).toEqual(state.preferences);
  });

  it("leaves out the fewest items that make it fit", () => {
    const markdown = renderWorkingMemory(yearState(200, 0));
    const fitted = fitWorkingMemory(markdown, 1_500);
    const kept = parseWorkingMemory(fitted).decisions.length;
    expect(countTokens(fitted)).toBeLessThanOrEqual(1_500);
    // The same document with one more decision (the newest one left out) would not have fitted.
    const state = yearState(200, 0);
    const next = state.decisions[200 - kept - 1];
    const nextLines = `- ${next?.date}: ${next?.text} (seq ${next?.seq})${next?.reason ? `\n  - reason: ${next.reason}` : ""}`;
    const note = (left: number) =>
      `- (${left} earlier decisions left out for room; recall finds them)`;
    const oneMore = fitted.replace(note(200 - kept), `${note(200 - kept - 1)}\n${nextLines}`);
    expect(oneMore).not.toBe(fitted);
    expect(parseWorkingMemory(oneMore).decisions).toHaveLength(kept + 1);
    expect(countTokens(oneMore)).toBeGreaterThan(1_500);
  });

  it("cuts a document that is not in the working-memory form at a line", () => {
    const text = "free notes\n".repeat(2_000);
    const fitted = fitWorkingMemory(text, 300);
    expect(countTokens(fitted)).toBeLessThanOrEqual(300);
    expect(text.startsWith(fitted)).toBe(true);
  });

  it("caps the prompt's block at 5% of the budget, never below 400 tokens", () => {
    expect(workingMemoryPromptTokens(100_000)).toBe(5_000);
    expect(workingMemoryPromptTokens(4_000)).toBe(400);
  });
});
