import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

function writeNotes(dir: string, days: number): void {
  mkdirSync(join(dir, "notes"), { recursive: true });
  for (let day = 1; day <= days; day += 1) {
    const date = `2026-03-${String(day).padStart(2, "0")}`;
    writeFileSync(
      join(dir, "notes", `${date}.md`),
      `# ${date}\nDecided to rotate key KX-${day}00 because it leaked.\n`,
    );
  }
}

describe("notes summary", () => {
  it("summarizes the 5 notes before the newest, records it in the memory log and injects it", async () => {
    memory = openTestMemory();
    writeNotes(memory.dir, 7);
    const view = await memory.engine.regenerateNotesSummary();
    expect(view.latest?.path).toBe("notes/2026-03-07.md");
    expect(view.previous).toEqual(
      ["06", "05", "04", "03", "02"].map((day) => `notes/2026-03-${day}.md`),
    );
    expect(view.summary).toContain("KX-600");
    expect(view.summary).not.toContain("KX-100");
    const logged = memory.store.memoryLog
      .readAll()
      .entries.filter((entry) => entry.type === "notes-summary-write");
    expect(logged).toHaveLength(1);
    const composed = await memory.engine.compose({ toolsText: "" });
    const tags = composed.report.sections.map((section) => section.path ?? section.tag);
    expect(tags).toEqual(["AGENTS.md", "KERN.md", "notes/2026-03-07.md", "notes_summary"]);
  });

  it("is refreshed by the worker only when the set of notes changes", async () => {
    memory = openTestMemory();
    writeNotes(memory.dir, 3);
    await memory.engine.runUntilIdle();
    await memory.engine.runUntilIdle();
    const count = () =>
      memory?.store.memoryLog
        .readAll()
        .entries.filter((entry) => entry.type === "notes-summary-write").length;
    expect(count()).toBe(1);
    writeNotes(memory.dir, 4);
    await memory.engine.runUntilIdle();
    expect(count()).toBe(2);
    expect((await memory.engine.notes()).previous).toHaveLength(3);
  });
});
