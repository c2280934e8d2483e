// A year of decisions: the stored working memory keeps every one (append-only), the prompt's
// `<working_memory>` the newest within its share of the budget (working-memory-fit.ts).
import { afterEach, describe, expect, it } from "vitest";
import { openTestMemory, type TestMemory } from "../../../test/support/memory-fixtures.js";
import type { NewMessage } from "../../kernel/index.js";
import { parseWorkingMemory } from "../working-memory/working-memory-markdown.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

/** `count` exchanges, each deciding one thing for its own service. */
function decidingTurns(count: number): NewMessage[] {
  return Array.from({ length: count }, (_, index) => {
    const ts = new Date(Date.UTC(2026, 2, 1, 9, index)).toISOString();
    return [
      {
        role: "user" as const,
        content: `For service-${index}, let's go with blue-green deploys because rollbacks must take seconds.`,
        ts,
      },
      { role: "assistant" as const, content: `Noted for service-${index}.`, ts },
    ];
  }).flat();
}

describe("the prompt's working memory", () => {
  it("holds the newest decisions within its cap while the stored one keeps them all", async () => {
    memory = openTestMemory({ config: { workingMemory: true } });
    memory.store.appendMessages(decidingTurns(120));
    await memory.engine.runUntilIdle();
    const session = memory.store.sessionLog.sessionId;
    const stored = memory.store.state.workingMemory(session)?.content ?? "";
    expect(parseWorkingMemory(stored).decisions).toHaveLength(120);

    const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: 8_000 });
    const section = composed.report.sections.find((item) => item.tag === "working_memory");
    expect(section?.tokens).toBeLessThanOrEqual(400 + 40); // the cap, plus the tags around it
    const shown = /<working_memory>\n([\s\S]*?)\n<\/working_memory>/.exec(composed.systemPrompt);
    const decisions = parseWorkingMemory(shown?.[1] ?? "").decisions;
    expect(decisions.length).toBeGreaterThan(0);
    expect(decisions.at(-1)?.text).toContain("service-119");
    expect(shown?.[1]).toContain(`(${120 - decisions.length} earlier decisions left out`);
  });
});
