// The failures of issues 30 and 31 as tests: who said it beats who was named, a long message with
// every query word beats short echoes with some, and a phrase query finds the phrase first with
// the same first hit at any k.
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

type Line = [role: "user" | "assistant", name: string, content: string];

const FILLER: Line[] = [
  ["user", "Caroline", "The weather was lovely on the beach this weekend."],
  ["assistant", "Melanie", "The kids loved the pottery class we took on Saturday."],
  ["user", "Caroline", "I painted a sunset over the lake, my favourite so far."],
  ["assistant", "Melanie", "We went camping in the mountains, the stars were bright."],
  ["user", "Caroline", "My friends threw me a birthday party with a huge cake."],
  ["assistant", "Melanie", "I started reading a novel about a lighthouse keeper."],
];

async function remember(lines: readonly Line[]): Promise<TestMemory> {
  const opened = openTestMemory();
  opened.store.appendMessages(
    lines.map(([role, name, content], index) => ({
      role,
      content,
      ts: new Date(Date.parse("2026-03-01T08:00:00Z") + index * 60_000).toISOString(),
      meta: { interface: "import", name },
    })),
  );
  await opened.engine.runUntilIdle();
  return opened;
}

describe("recall ranking", () => {
  it("ranks the speaker's own message above replies that only name them", async () => {
    const own = "Researching adoption agencies took most of my week, it is a big step.";
    const lines: Line[] = [
      ...FILLER,
      ["user", "Caroline", own],
      ["assistant", "Melanie", "Thanks for the tip, Caroline. Doing research on camping spots."],
      ["user", "Caroline", "The lake was calm this morning."],
      ["assistant", "Melanie", "Caroline, I did some research on pottery kilns, so fun."],
      ["user", "Caroline", "Melanie, my painting class starts again on Monday."],
      ["assistant", "Melanie", "Good research, Caroline! Wow, Caroline."],
    ];
    memory = await remember(lines);
    const report = await memory.engine.recall({ query: "What did Caroline research?", k: 5 });
    expect(report.results[0]?.seqStart).toBe(FILLER.length);
    expect(report.results[0]?.speaker).toBe("Caroline");
  });

  it("ranks a long message holding every query word above short ones holding some", async () => {
    const long =
      "Summary of the week: the failover drill for email-campaigns took place, date December 9, " +
      "after the maintenance window moved twice; the replica caught up in four minutes, the " +
      "alerting fired on time, the runbook needed two fixes, and the on-call rotation is updated " +
      "for the holidays. Nothing else changed in the queue workers or the billing exports.";
    const echo = "what's the status of the email-campaigns config?";
    const lines: Line[] = [
      ...FILLER,
      ["user", "Viktor", echo],
      ["assistant", "kern", "The config looks fine, no pending change."],
      ["user", "Viktor", echo],
      ["assistant", "kern", long],
      ["user", "Viktor", echo],
      ["assistant", "kern", "Still fine, the date of the next review is open."],
    ];
    memory = await remember(lines);
    const report = await memory.engine.recall({ query: "email-campaigns drill date", k: 5 });
    // The first result holds the long message (widened to the question before it, one turn).
    const first = report.results[0];
    const longSeq = FILLER.length + 3;
    expect(first && first.seqStart <= longSeq && longSeq < first.seqEnd).toBe(true);
  });

  it("ranks exact phrase matches first, best first with speakers, the same first hit at any k", async () => {
    const lines: Line[] = [
      ["user", "Caroline", "I went to a LGBTQ support group yesterday and it was so powerful."],
      ["assistant", "Melanie", "Wow, that's great! What happened there?"],
      ["user", "Caroline", "The group offered support for people like me; support matters."],
      ["assistant", "Melanie", "Our group of parents gives each other support, a group effort."],
      ["user", "Caroline", "I'm going back to the support group next week."],
      ["assistant", "Melanie", "Support from a group of friends, a support network, is key."],
      ["user", "Caroline", "The group hike needs support vehicles, group rides, support crew."],
      ...FILLER,
    ];
    memory = await remember(lines);
    const at3 = await memory.engine.recall({ query: "support group", k: 3 });
    const at10 = await memory.engine.recall({ query: "support group", k: 10 });
    const top2 = at3.results.slice(0, 2).map((result) => result.seqStart);
    expect(top2.sort()).toEqual([0, 4]);
    expect(
      at3.results.every((result) => result.speaker === "Caroline" || result.speaker === "Melanie"),
    ).toBe(true);
    for (const report of [at3, at10]) {
      const scores = report.results.map((result) => result.score);
      expect(scores).toEqual([...scores].sort((a, b) => b - a));
    }
    expect(at10.results[0]?.seqStart).toBe(at3.results[0]?.seqStart);
  });

  it("keeps the local vector leg out when the best hit holds under a third of the words or all", async () => {
    memory = await remember([
      ...FILLER,
      ["user", "Caroline", "The pottery kiln reached its temperature before noon."],
    ]);
    const engine = memory.engine;
    // "kiln" is the only word of four the history holds: the hashed bag of the other three
    // would re-order the backbone's hits by noise.
    const sparse = await engine.recallLegs({ query: "kiln heating schedule tomorrow", k: 5 });
    expect(sparse.fts.length).toBeGreaterThan(0);
    expect(sparse.vectors).toEqual([]);
    const partly = await engine.recallLegs({ query: "pottery kiln temperature schedule", k: 5 });
    expect(partly.vectors.length).toBeGreaterThan(0);
    // Every word in the best hit: the same bag of words could only re-order by length.
    const whole = await engine.recallLegs({ query: "pottery kiln temperature", k: 5 });
    expect(whole.fts.length).toBeGreaterThan(0);
    expect(whole.vectors).toEqual([]);
  });

  it("keeps the local vector leg out of a question asking when: the answer is a date", async () => {
    const statement =
      "I drafted the update for the event streaming brokers and left notes for Dmitri. Note " +
      "for later: the dry run for kafka-worker took place on March 6, 2022.";
    const echo = "any news on the event streaming brokers? the cost worries me a bit";
    memory = await remember([
      ...FILLER,
      ["assistant", "Melanie", statement],
      ["user", "Caroline", "ok"],
      ...FILLER,
      ["user", "Caroline", echo],
      ["assistant", "Melanie", "The brokers look calm today."],
      ["user", "Caroline", echo.replace("cost", "issue")],
      ...FILLER,
      ["user", "Caroline", echo.replace("cost", "latency")],
      ["user", "Caroline", echo.replace("cost", "disk")],
      ["user", "Caroline", echo.replace("cost", "alerting")],
    ]);
    const engine = memory.engine;
    const when = "on what day was the dry run of the event streaming brokers";
    const legs = await engine.recallLegs({ query: when, k: 5 });
    expect(legs.vectors).toEqual([]);
    const report = await engine.recall({ query: when, k: 5 });
    expect(report.results[0]?.seqStart).toBe(FILLER.length);
    // Asked for something other than a time, the same words keep the leg.
    const what = await engine.recallLegs({
      query: "dry run plan of the event streaming brokers",
      k: 5,
    });
    expect(what.vectors.length).toBeGreaterThan(0);
  });

  it("puts what was said on the day a question names above the same words on other days", async () => {
    memory = openTestMemory();
    const days = ["2023-05-01", "2023-05-03", "2023-05-09", "2023-05-20"];
    memory.store.appendMessages(
      days.flatMap((day, index) => [
        {
          role: "user" as const,
          content: `Dinner was lovely${index === 1 ? ", I went with my sister Ana" : " again"}.`,
          ts: `${day}T19:00:00.000Z`,
          meta: { interface: "import", name: "Maria" },
        },
        ...FILLER.map(([, name, content], n) => ({
          role: "user" as const,
          content: `${content} (${index}-${n})`,
          ts: `${day}T20:0${n}:00.000Z`,
          meta: { interface: "import", name },
        })),
      ]),
    );
    await memory.engine.runUntilIdle();
    const query = "Who did Maria have dinner with on May 3, 2023?";
    const named = await memory.engine.recall({ query, k: 3 });
    expect(named.results[0]?.ts.startsWith("2023-05-03")).toBe(true);
    const undated = await memory.engine.recall({ query: "Who did Maria have dinner with?", k: 3 });
    expect(undated.results[0]?.ts.startsWith("2023-05-03")).toBe(false);
  });

  it("puts the newest value first for a question about the current one", async () => {
    memory = openTestMemory();
    const values = ["6859ms", "1162ms", "5063ms"];
    memory.store.appendMessages(
      values.flatMap((value, index) => [
        {
          role: "user" as const,
          content: `The experiment timeout for pricing-page is set to ${value} for now.`,
          ts: `2026-03-0${index + 1}T09:00:00.000Z`,
          meta: { interface: "import", name: "Viktor" },
        },
        ...FILLER.map(([, name, content], n) => ({
          role: "user" as const,
          content,
          ts: `2026-03-0${index + 1}T10:0${n}:00.000Z`,
          meta: { interface: "import", name },
        })),
      ]),
    );
    await memory.engine.runUntilIdle();
    const query = "What is the current experiment timeout for pricing-page?";
    const found = await memory.engine.recall({ query, k: 3 });
    expect(found.results[0]?.snippet).toContain("5063ms");
  });
});
