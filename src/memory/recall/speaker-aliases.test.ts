// A name the other speaker calls someone by is that speaker's name (speaker-aliases.ts), and a
// person only talked about is nobody's.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { DEFAULT_RECALL_TUNING } from "./recall-tuning.js";
import { aliasOf } from "./speaker-aliases.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const CHAT: Array<[string, string]> = [
  ["Emi", "I finally went skiing in the Alps, it was amazing."],
  ["Elise", "Hey Kate! That sounds wonderful."],
  ["Emi", "My friend Samantha came along, she had never tried it."],
  ["Elise", "Did Samantha like it?"],
  ["Emi", "She loved it. Next time we go hiking."],
  ["Elise", "Good night, Kate!"],
  ["Emi", "Night! Talk tomorrow."],
  ["Elise", "Thanks Kate, same to you."],
  ["Emi", "I also signed up for a pottery class with Samantha."],
  ["Elise", "Kate, you are so busy these days!"],
];

function remember(): TestMemory {
  const opened = openTestMemory();
  opened.store.appendMessages(
    CHAT.map(([name, content], index) => ({
      ts: `2026-03-01T08:${String(index).padStart(2, "0")}:00.000Z`,
      role: name === "Emi" ? ("user" as const) : ("assistant" as const),
      content,
      meta: { interface: "import", name },
    })),
  );
  return opened;
}

describe("speaker aliases", () => {
  it("reads a name used to address a speaker as that speaker, and not a person talked about", async () => {
    memory = remember();
    await memory.engine.runUntilIdle();
    expect(aliasOf(memory.store, "Kate")).toBe("Emi");
    expect(aliasOf(memory.store, "Samantha")).toBeUndefined();
  });

  it("lets a question asked with that name find what the speaker said", async () => {
    memory = remember();
    await memory.engine.runUntilIdle();
    const query = "What did Kate do?";
    const tuning = { ...DEFAULT_RECALL_TUNING, speakerAliases: true };
    const aliased = await memory.engine.recallLegs({ query, k: 3, tuning });
    // ids count from 1: Emi's messages are the odd ones.
    expect(aliased.fts.length).toBeGreaterThan(0);
    for (const id of aliased.fts) expect(id % 2).toBe(1);
    const plain = await memory.engine.recallLegs({
      query,
      k: 3,
      tuning: { ...tuning, speakerAliases: false },
    });
    // Without the alias "Kate" is a word, and the messages that call her so rank first.
    expect((plain.fts[0] ?? 1) % 2).toBe(0);
  });
});
