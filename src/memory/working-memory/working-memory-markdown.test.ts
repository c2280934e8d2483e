import { describe, expect, it } from "vitest";
import {
  parseWorkingMemory,
  renderWorkingMemory,
  WORKING_MEMORY_SECTIONS,
} from "./working-memory-markdown.js";
import {
  cleanLine,
  cleanPath,
  emptyWorkingMemoryState,
  type WorkingMemoryState,
} from "./working-memory-state.js";

function fullState(): WorkingMemoryState {
  return {
    task: { now: "Add a retry to the uploader", next: "Run the upload tests" },
    decisions: [
      {
        date: "2026-04-02",
        text: "Use SQLite for the cache",
        reason: "it needs no server",
        seq: 12,
      },
      { date: "2026-04-03", text: "Ship on Friday (seq 3)", reason: null, seq: 40 },
    ],
    files: [
      { path: "src/cache.ts", note: "created (write, 12 lines)", seq: 14 },
      { path: "docs/a b.md", note: "written by bash `echo hi > 'docs/a b.md'`", seq: 15 },
    ],
    context: [{ text: "The staging host is staging-7 (last seen seq 1)", lastSeq: 30 }],
    preferences: [{ text: "I prefer short answers - reason: speed", seq: 3 }],
  };
}

describe("renderWorkingMemory", () => {
  it("writes exactly the five sections, in order, saying when one is empty", () => {
    const markdown = renderWorkingMemory(emptyWorkingMemoryState());
    const headings = markdown.split("\n").filter((line) => line.startsWith("## "));
    expect(headings).toEqual(WORKING_MEMORY_SECTIONS.map((name) => `## ${name}`));
    expect(markdown).toContain("## Decisions\n_none yet_");
  });

  it("shows each decision with its date, seq and reason", () => {
    const markdown = renderWorkingMemory(fullState());
    expect(markdown).toContain(
      "- 2026-04-02: Use SQLite for the cache (seq 12)\n  - reason: it needs no server",
    );
    expect(markdown).toContain("- `src/cache.ts`: created (write, 12 lines) (seq 14)");
    expect(markdown).toContain("(last seen seq 30)");
  });
});

describe("parseWorkingMemory", () => {
  it("gives back exactly the state that was rendered, tricky texts included", () => {
    const state = fullState();
    expect(parseWorkingMemory(renderWorkingMemory(state))).toEqual(state);
  });

  it("round-trips the empty state and a task without a next step", () => {
    const empty = emptyWorkingMemoryState();
    expect(parseWorkingMemory(renderWorkingMemory(empty))).toEqual(empty);
    const task = { ...empty, task: { now: "Write the report", next: null } };
    expect(parseWorkingMemory(renderWorkingMemory(task))).toEqual(task);
  });

  it("round-trips cleaned random texts", () => {
    const pieces = ["(seq 4)", "  - reason: x", "`", "## Decisions", "\n", "é🙂", "—", ": "];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed;
    };
    const phrase = () =>
      Array.from({ length: 1 + (random() % 6) }, () => pieces[random() % pieces.length]).join(
        "word ",
      );
    for (let round = 0; round < 200; round += 1) {
      const text = cleanLine(`a ${phrase()}`, 80);
      const state: WorkingMemoryState = {
        task: { now: text, next: cleanLine(`b ${phrase()}`, 80) },
        decisions: [{ date: "2026-01-01", text, reason: cleanLine(`c ${phrase()}`, 50), seq: 1 }],
        files: [{ path: cleanPath(`p${phrase()}`), note: text, seq: 2 }],
        context: [{ text, lastSeq: 3 }],
        preferences: [{ text, seq: 4 }],
      };
      expect(parseWorkingMemory(renderWorkingMemory(state))).toEqual(state);
    }
  });

  it("skips lines and sections it does not know instead of failing", () => {
    const state = parseWorkingMemory(
      "# Notes\n## Decisions\nsome prose\n- 2026-04-02: Use SQLite (seq 3)\n## Other\n- x (seq 1)",
    );
    expect(state.decisions).toEqual([
      { date: "2026-04-02", text: "Use SQLite", reason: null, seq: 3 },
    ]);
    expect(state.preferences).toEqual([]);
  });
});

describe("cleanLine", () => {
  it("collapses whitespace, caps the length with an ellipsis and is idempotent", () => {
    const line = cleanLine("one\n two   three ".repeat(20), 30);
    expect(line.length).toBeLessThanOrEqual(30);
    expect(line.endsWith("…")).toBe(true);
    expect(cleanLine(line, 30)).toBe(line);
  });
});
