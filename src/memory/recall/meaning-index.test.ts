// Recall by meaning over the newest messages (meaning-index.ts): a message that shares no word
// with the question is found by what it means, new messages are read as they come, and the index
// holds only the newest `size`.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import { MeaningIndex, type MeaningSource, meaningIndexOf } from "./meaning-index.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

const FILLER = [
  "The quarterly report went out to the whole team this morning.",
  "We moved the standup to ten because of the client call.",
  "The printer on the third floor is jammed again.",
  "Lunch is at the usual place near the station.",
  "The new laptop arrived and the setup took an hour.",
  "Parking rules at the office change next month.",
];

function append(opened: TestMemory, texts: readonly string[], from = 0): void {
  opened.store.appendMessages(
    texts.map((content, index) => ({
      ts: new Date(Date.parse("2026-03-01T08:00:00.000Z") + (from + index) * 60_000).toISOString(),
      role: index % 2 === 0 ? ("user" as const) : ("assistant" as const),
      content,
    })),
  );
}

describe("MeaningIndex", () => {
  it("finds the message closest in meaning, sharing no word with the question", async () => {
    memory = openTestMemory();
    append(memory, [...FILLER, "My doctor says my blood sugar is far too high.", ...FILLER]);
    await memory.engine.runUntilIdle();
    const index = new MeaningIndex(memory.store, 1_000);
    const [first] = index.nearest("I think I will skip the cake and the sweets tonight.", 3);
    expect(first).toBe(FILLER.length + 1); // ids count from 1
  });

  it("reads messages added later, and keeps only the newest `size`", async () => {
    memory = openTestMemory();
    append(memory, FILLER);
    await memory.engine.runUntilIdle();
    const index = new MeaningIndex(memory.store, 4);
    expect(index.nearest("the office printer", 10)).toHaveLength(4);
    append(memory, ["My doctor says my blood sugar is far too high."], FILLER.length);
    await memory.engine.runUntilIdle();
    const found = index.nearest("skip the cake and the sweets", 10);
    expect(found).toHaveLength(4);
    expect(found[0]).toBe(FILLER.length + 1);
    expect(Math.min(...found)).toBeGreaterThan(FILLER.length - 4);
  });

  it("keeps to a speaker's messages when asked who said them", async () => {
    memory = openTestMemory();
    const said = (name: string, content: string, minute: number) => ({
      ts: new Date(Date.parse("2026-03-01T08:00:00.000Z") + minute * 60_000).toISOString(),
      role: "user" as const,
      content,
      meta: { name },
    });
    memory.store.appendMessages([
      said("Melanie", "My doctor says my blood sugar is far too high.", 0),
      ...FILLER.map((text, index) => said("Caroline", text, index + 1)),
      said("Caroline", "I have been eating far too many sweets lately.", 9),
    ]);
    await memory.engine.runUntilIdle();
    const index = new MeaningIndex(memory.store, 1_000);
    const question = "skip the cake and the sweets";
    expect(index.nearest(question, 1)).toHaveLength(1);
    const caroline = index.nearest(question, 20, new Set(["caroline"]));
    expect(caroline).toHaveLength(FILLER.length + 1);
    expect(caroline).not.toContain(1);
    expect(index.nearest(question, 20, new Set(["melanie"]))).toEqual([1]);
  });

  it("with hubness, a message said over and over gives way to one that stands apart", async () => {
    memory = openTestMemory();
    const template = (thing: string) =>
      `Done. I updated the settings so the ${thing} uses the new settings, and the team was told.`;
    const repeated = ["deploy", "build", "release", "server", "queue", "cache", "proxy", "worker"];
    const apart = "The payment retry timeout is now two seconds instead of thirty.";
    append(memory, [...FILLER, ...repeated.map(template), apart, ...repeated.map(template)]);
    await memory.engine.runUntilIdle();
    const index = new MeaningIndex(memory.store, 1_000);
    const question = "which settings did we update for the payment retry?";
    const plain = index.nearest(question, 5);
    const scaled = index.nearest(question, 5, undefined, true);
    const apartId = FILLER.length + repeated.length + 1;
    expect(plain[0]).not.toBe(apartId);
    expect(scaled[0]).toBe(apartId);
  });

  it("read in steps, it answers as an index read at once", async () => {
    memory = openTestMemory();
    const texts = Array.from({ length: 40 }, (_, i) => `${FILLER[i % FILLER.length]} Note ${i}.`);
    append(memory, [...texts, "My doctor says my blood sugar is far too high."]);
    await memory.engine.runUntilIdle();
    const stepped = new MeaningIndex(memory.store, 30);
    let steps = 1;
    while (!stepped.readStep(7)) steps += 1;
    expect(steps).toBeGreaterThan(3);
    expect(stepped.readStep(7)).toBe(true);
    const question = "I think I will skip the cake and the sweets tonight.";
    for (const hubness of [false, true]) {
      const atOnce = new MeaningIndex(memory.store, 30);
      const found = stepped.nearest(question, 10, undefined, hubness);
      expect(found).toEqual(atOnce.nearest(question, 10, undefined, hubness));
      expect(found[0]).toBe(texts.length + 1);
    }
  });

  it("works out its rows' crowding ahead, a few a step, and searches answer as before", async () => {
    memory = openTestMemory();
    const texts = Array.from({ length: 40 }, (_, i) => `${FILLER[i % FILLER.length]} Note ${i}.`);
    append(memory, [...texts, "My doctor says my blood sugar is far too high."]);
    await memory.engine.runUntilIdle();
    const ahead = new MeaningIndex(memory.store, 30);
    expect(ahead.crowdStep(5)).toBe(true); // nothing read yet: nothing to work out
    ahead.refresh();
    let steps = 1;
    while (!ahead.crowdStep(5)) steps += 1;
    expect(steps).toBe(6); // 30 rows, 5 a step
    expect(ahead.crowdStep(5)).toBe(true);
    const question = "I think I will skip the cake and the sweets tonight.";
    const onDemand = new MeaningIndex(memory.store, 30);
    expect(ahead.nearest(question, 10, undefined, true)).toEqual(
      onDemand.nearest(question, 10, undefined, true),
    );
    append(memory, ["The parking rules change again.", "Noted."], 41);
    await memory.engine.runUntilIdle();
    ahead.refresh();
    expect(ahead.crowdStep(5)).toBe(true); // only the two new rows were left
  });

  it("searches the vectors of the source it is given, an index per store and source", async () => {
    memory = openTestMemory();
    append(memory, [...FILLER, "The invoice was paid on Friday.", ...FILLER]);
    await memory.engine.runUntilIdle();
    // A source that puts "crimson" and the message about the invoice at one point (in GloVe
    // they share no meaning), the printer and the laptop at another, the rest at a third.
    const unit = (at: number) => Float32Array.from({ length: 8 }, (_, i) => (i === at ? 1 : 0));
    const colours: MeaningSource = {
      ofText: (text) =>
        /crimson|invoice/i.test(text) ? unit(0) : /printer|laptop/i.test(text) ? unit(1) : unit(7),
    };
    const index = meaningIndexOf(memory.store, 1_000, colours);
    expect(index.nearest("crimson", 1)).toEqual([FILLER.length + 1]);
    expect(meaningIndexOf(memory.store, 1_000, colours)).toBe(index);
    const shipped = meaningIndexOf(memory.store, 1_000);
    expect(shipped).not.toBe(index);
    expect(meaningIndexOf(memory.store, 1_000)).toBe(shipped);
    expect(shipped.nearest("crimson", 1)).not.toEqual([FILLER.length + 1]);
  });
});
