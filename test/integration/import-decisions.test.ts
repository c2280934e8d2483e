// Issue 15, Must show 4: `kern memory` after importing a long generated history lists the planted
// decisions from its whole length (not only the last turns), none of them a "let's keep going".
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateConversation } from "../../bench/generator/index.js";
import { decisionLines } from "../../bench/measures/decisions.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

describe("kern memory after an import", () => {
  const temp = makeTempDir("kern-decisions-");
  const dir = join(temp.path, "agent");
  const file = join(temp.path, "history.jsonl");
  const { messages, truth } = generateConversation({ seed: 7, messages: 4_000 });
  const planted = truth.facts.filter((fact) => fact.kind === "decision");
  beforeAll(async () => {
    writeFileSync(file, `${messages.map((message) => JSON.stringify(message)).join("\n")}\n`);
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
    const imported = await runKern(["import", file, dir]);
    expect(imported.code, imported.stderr).toBe(0);
  }, 120_000);
  afterAll(() => temp.cleanup());

  it("lists the planted decisions from the whole history and no let's-keep-going line", async () => {
    const printed = await runKern(["memory", dir, "--json"]);
    expect(printed.code, printed.stderr).toBe(0);
    const view = JSON.parse(printed.stdout) as { content: string };
    const listed = decisionLines(view.content).map((text) => text.toLowerCase());
    expect(planted.length).toBeGreaterThanOrEqual(3);
    const found = planted.filter((fact) =>
      listed.some((text) => text.includes(fact.answer.toLowerCase())),
    );
    // Every planted decision, the oldest included (the last 50 turns hold few of them).
    expect(found.map((fact) => fact.answer)).toEqual(planted.map((fact) => fact.answer));
    expect(Math.min(...found.map((fact) => fact.seq))).toBeLessThan(messages.length / 4);
    const correct = listed.filter((text) =>
      planted.some((fact) => text.includes(fact.answer.toLowerCase())),
    );
    expect(correct.length / listed.length).toBeGreaterThanOrEqual(0.8);
    expect(listed.filter((text) => /keep going/.test(text))).toEqual([]);
  }, 120_000);
});
