import { afterEach, describe, expect, it } from "vitest";
import {
  buildConversation,
  openTestMemory,
  type TestMemory,
} from "../../../test/support/memory-fixtures.js";
import type { SessionMessage } from "../../kernel/index.js";
import { countMessageTokens, countTokens } from "../text/count-tokens.js";
import type { ComposedContext } from "./composer.js";
import { recallAllowanceTokens } from "./recall-block.js";

let memory: TestMemory | null = null;
afterEach(async () => {
  await memory?.close();
  memory = null;
});

/** The `[seqStart, seqEnd)` ranges of the `<summary>` blocks, in prompt order. */
function summaryRanges(systemPrompt: string): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  for (const match of systemPrompt.matchAll(/<summary>\nlevel: L\d+\nmessages: (\d+)-(\d+)\n/g)) {
    ranges.push([Number(match[1]), Number(match[2]) + 1]);
  }
  return ranges;
}

function summarySection(systemPrompt: string): string {
  // KERN.md mentions the tag too: the section itself starts a line and holds <summary> blocks.
  const start = systemPrompt.indexOf("\n<conversation_summary>\n<summary>");
  const end =
    systemPrompt.lastIndexOf("</conversation_summary>") + "</conversation_summary>".length;
  return start < 0 ? "" : systemPrompt.slice(start + 1, end);
}

function expectExactTiling(composed: ComposedContext): void {
  const { window } = composed.report;
  let cursor = 0;
  for (const [start, end] of summaryRanges(composed.systemPrompt)) {
    expect(start).toBe(cursor);
    cursor = end;
  }
  expect(cursor).toBe(window.seqStart);
}

function expectWithinBudget(composed: ComposedContext, budget: number, share: number): void {
  const { report, systemPrompt, window } = composed;
  expect(countTokens(summarySection(systemPrompt))).toBeLessThanOrEqual(Math.floor(share * budget));
  expect(report.tokens.summary).toBeLessThanOrEqual(Math.floor(share * budget));
  expect(report.tokens.system + report.tokens.summary).toBe(countTokens(systemPrompt));
  const messages = window.reduce((sum, message) => sum + countMessageTokens(message), 0);
  expect(report.tokens.messages).toBe(messages);
  expect(report.tokens.total).toBeLessThanOrEqual(budget);
}

function expectSafeWindow(window: readonly SessionMessage[]): void {
  expect(window[0]?.role).not.toBe("tool");
  const answered = new Set(
    window.flatMap((message) => (message.toolCallId ? [message.toolCallId] : [])),
  );
  const called = new Set(
    window.flatMap((message) => (message.toolCalls ?? []).map((call) => call.id)),
  );
  for (const id of called) expect(answered.has(id)).toBe(true);
  for (const id of answered) expect(called.has(id)).toBe(true);
}

async function segmentedMemory(turns: number): Promise<TestMemory> {
  const opened = openTestMemory();
  opened.store.appendMessages(buildConversation({ turns }));
  await opened.engine.runUntilIdle();
  return opened;
}

describe("Composer", () => {
  it("covers every trimmed message exactly once, within both budgets", async () => {
    memory = await segmentedMemory(150);
    for (const budget of [4_000, 8_000, 20_000]) {
      const composed = await memory.engine.compose({
        toolsText: "bash: runs a command",
        maxContextTokens: budget,
      });
      expect(composed.report.trimmedCount).toBeGreaterThan(0);
      expectExactTiling(composed);
      expectWithinBudget(composed, budget, 0.75);
      expectSafeWindow(composed.window);
      expect(composed.window[0]?.seq).toBe(composed.report.window.seqStart);
      expect(composed.window[0]?.role).toBe("user");
    }
  });

  it("fills at least 95% of the budget in a fresh prompt, never more than all of it", async () => {
    memory = await segmentedMemory(300);
    // The headroom is 4% of the budget, at least 1,000 tokens (ADR 0010): 95% from 25k on.
    for (const budget of [8_000, 30_000, 40_000]) {
      const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: budget });
      expect(composed.report.trimmedCount).toBeGreaterThan(0);
      const floor = budget < 25_000 ? budget - 1_000 - 0.01 * budget : 0.95 * budget;
      expect(composed.report.tokens.total).toBeGreaterThanOrEqual(floor);
      expectWithinBudget(composed, budget, 0.75);
      expectExactTiling(composed);
      expect(composed.window[0]?.role).toBe("user");
    }
  });

  it("fills 95% when the turns are mostly tool output, shortening only the oldest turn's results", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 400, toolChars: 16_000 }));
    await memory.engine.runUntilIdle();
    // Before the oldest turn could be shortened these prompts stopped at 94.5-94.9%: the stand-in
    // before the trim point was charged at its upper bound, and the next turn did not fit.
    for (const budget of [30_000, 40_000, 50_000]) {
      const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: budget });
      expect(composed.report.tokens.total).toBeGreaterThanOrEqual(0.95 * budget);
      expectWithinBudget(composed, budget, 0.75);
      expectExactTiling(composed);
      expectSafeWindow(composed.window);
      expect(composed.window[0]?.role).toBe("user");
      // Tool results are cut to maxToolResultChars (2,000 here), the oldest turn's maybe shorter.
      const secondTurn = composed.window.findIndex((m, index) => index > 0 && m.role === "user");
      const length = (message: SessionMessage) => message.content?.length ?? 0;
      const later = composed.window.slice(secondTurn).filter((m) => m.role === "tool");
      for (const result of later) expect(length(result)).toBeGreaterThan(2_000);
    }
  });

  it("plans a trim point kept from another budget's plan as a fresh one", async () => {
    memory = openTestMemory({ config: { autoRecall: true } });
    memory.store.appendMessages(buildConversation({ turns: 400, toolChars: 4_000 }));
    await memory.engine.runUntilIdle();
    const at = async (budget: number) =>
      (await memory?.engine.compose({ toolsText: "", maxContextTokens: budget }))?.report;
    const fresh = await at(20_000);
    memory = memory.reopen();
    await at(15_000);
    // The 15k plan's trim point fits at 20k too; kept as it was, its turn before was never tried
    // (the tight turn of a fresh trim point), and the prompt fell short of a fresh one.
    const after = await at(20_000);
    expect(after?.window).toEqual(fresh?.window);
    expect(after?.tokens.total).toBe(fresh?.tokens.total);
  });

  it("keeps a shortened oldest turn byte for byte while its trim point stays", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 400, toolChars: 4_000 }));
    await memory.engine.runUntilIdle();
    const options = { toolsText: "", maxContextTokens: 30_000 };
    const first = await memory.engine.compose(options);
    const tool = first.window.find((message) => message.role === "tool");
    expect(tool?.content?.length).toBeLessThan(2_000); // the oldest turn, shortened to fit
    memory.store.appendMessages([
      { ts: "2026-04-01T08:00:00.000Z", role: "user", content: "One more thing: thanks." },
      { ts: "2026-04-01T08:00:05.000Z", role: "assistant", content: "You're welcome." },
    ]);
    const next = await memory.engine.compose(options);
    expect(next.report.window.seqStart).toBe(first.report.window.seqStart);
    expect(next.systemPrompt).toBe(first.systemPrompt);
    expect(next.window.slice(0, first.window.length)).toEqual(first.window);
    expect(next.window).toHaveLength(first.window.length + 2);
    expectWithinBudget(next, 30_000, 0.75);
    // New summaries re-plan the turn against what they render: still within the budget.
    memory.store.appendMessages(
      buildConversation({
        turns: 30,
        toolChars: 4_000,
        startMs: Date.parse("2026-04-02T08:00:00Z"),
      }),
    );
    await memory.engine.runUntilIdle();
    const later = await memory.engine.compose(options);
    expectWithinBudget(later, 30_000, 0.75);
    expectExactTiling(later);
    expect(later.report.tokens.total).toBeGreaterThanOrEqual(0.95 * 30_000);
  });

  it("shortens the oldest summaries when even the top level does not fit", async () => {
    memory = await segmentedMemory(150);
    const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: 1_500 });
    expectExactTiling(composed);
    expectWithinBudget(composed, 1_500, 0.75);
  });

  it("shortens the top level again when the budget shrinks by a few tokens", async () => {
    memory = await segmentedMemory(150);
    // A tiling holds for a range of budgets; the pieces rendered at one budget may not fit the
    // next (150 turns: from ~1,250 down the top level is shortened, at the same trim point).
    for (const budget of [1_500, 1_300, 1_280, 1_250, 1_200, 1_150]) {
      const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: budget });
      expectExactTiling(composed);
      expectWithinBudget(composed, budget, 0.75);
    }
  });

  it("snaps the trim point to an L0 edge or a user message of the newest L0, and lists the injected segments", async () => {
    // Long enough that the L0 summaries alone overflow the summary's share of a 4k budget.
    memory = await segmentedMemory(300);
    const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: 4_000 });
    const leaves = memory.store.segments
      .list(memory.store.sessionLog.sessionId)
      .filter((s) => s.level === 0);
    const edges = new Set(leaves.map((leaf) => leaf.seqStart));
    const newest = Math.max(...leaves.map((leaf) => leaf.seqStart));
    const start = composed.report.window.seqStart;
    expect(edges.has(start) || (start > newest && composed.window[0]?.role === "user")).toBe(true);
    const levels = composed.report.segmentIds.map(
      (id) => memory?.store.segments.get(id)?.level ?? -1,
    );
    expect(levels.at(-1)).toBe(0); // detail near the trim boundary
    expect(Math.max(...levels)).toBeGreaterThan(0); // high-level for the distant past
  });

  it("keeps the trim point turn after turn while the window fits", async () => {
    memory = await segmentedMemory(60);
    const options = { toolsText: "", maxContextTokens: 8_000 };
    const first = await memory.engine.compose(options);
    const points = [first.report.window.seqStart];
    const blocks = [summarySection(first.systemPrompt)];
    for (let turn = 0; turn < 30; turn += 1) {
      memory.store.appendMessages(
        buildConversation({
          turns: 1,
          startMs: Date.parse("2026-03-09T00:00:00Z") + turn * 600_000,
        }),
      );
      const next = await memory.engine.compose(options);
      expectWithinBudget(next, 8_000, 0.75);
      expectExactTiling(next);
      points.push(next.report.window.seqStart);
      blocks.push(summarySection(next.systemPrompt));
    }
    const moves = points.filter((point, index) => index > 0 && point !== points[index - 1]).length;
    // While the trim point stays, the summary block (the cached prefix) stays byte for byte.
    points.forEach((point, index) => {
      if (index > 0 && point === points[index - 1]) expect(blocks[index]).toBe(blocks[index - 1]);
    });
    expect(moves).toBeGreaterThan(0);
    expect(moves).toBeLessThanOrEqual(points.length / 3);
  });

  it("covers a trimmed range that has no segment yet with an extractive stand-in", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: 4_000 });
    expect(composed.report.trimmedCount).toBeGreaterThan(0);
    expect(composed.report.segmentIds).toEqual([]);
    expect(summaryRanges(composed.systemPrompt).length).toBeGreaterThan(0);
    expectExactTiling(composed);
    expectWithinBudget(composed, 4_000, 0.75);
  });

  it("never sends a tool call whose result a crash lost", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 3 }));
    memory.store.appendMessages([
      { ts: "2026-03-02T00:00:00.000Z", role: "user", content: "Deploy it." },
      {
        ts: "2026-03-02T00:00:01.000Z",
        role: "assistant",
        content: null,
        toolCalls: [{ id: "lost", type: "function", function: { name: "bash", arguments: "{}" } }],
      },
    ]);
    const composed = await memory.engine.compose({ toolsText: "" });
    expectSafeWindow(composed.window);
    expect(composed.window.at(-1)?.content).toBe("Deploy it.");
  });

  it("orders the sections as SPEC §5 and counts each one exactly", async () => {
    memory = await segmentedMemory(40);
    memory.store.state.setNotesSummary({
      paths: ["notes/2026-03-01.md"],
      summary: "- I planted basil.",
      method: "extractive",
      updatedAt: "2026-03-02T00:00:00.000Z",
    });
    const composed = await memory.engine.compose({
      toolsText: "bash: runs a command",
      workingMemory: "## Task State\n- checking replicas",
      maxContextTokens: 4_000,
    });
    const tags = composed.report.sections.map((section) => section.tag);
    expect(tags).toEqual([
      "document",
      "document",
      "notes_summary",
      "tools",
      "working_memory",
      "conversation_summary",
    ]);
    expect(composed.report.sections.map((section) => section.path).slice(0, 2)).toEqual([
      "AGENTS.md",
      "KERN.md",
    ]);
    const sum = composed.report.sections.reduce((total, section) => total + section.tokens, 0);
    expect(sum).toBe(countTokens(composed.systemPrompt));
  });

  it("puts autoRecall's block on the newest user message; the system prompt does not move", async () => {
    memory = openTestMemory({ config: { autoRecall: true } });
    memory.store.appendMessages(buildConversation({ turns: 80 }));
    await memory.engine.runUntilIdle();
    const budget = 6_000;
    const without = await memory.engine.compose({ toolsText: "bash", maxContextTokens: budget });
    expect(without.report.trimmedCount).toBeGreaterThan(0);
    const block = `- 2026-03-01 session s messages 1-2: ${"the replica count on db-03 is 4. ".repeat(400)}`;
    const withBlock = await memory.engine.compose({
      toolsText: "bash",
      maxContextTokens: budget,
      recallText: block,
    });
    // The system prompt (documents, summary) and the window's start are the same with or without
    // a block: a turn's block never turns them into a prompt-cache miss.
    expect(withBlock.systemPrompt).toBe(without.systemPrompt);
    expect(withBlock.report.window).toEqual(without.report.window);
    const at = without.window.findLastIndex((message) => message.role === "user");
    const newest = withBlock.window[at];
    const original = without.window[at];
    expect(withBlock.window.filter((_, index) => index !== at)).toEqual(
      without.window.filter((_, index) => index !== at),
    );
    expect(newest?.content?.startsWith("<recall>\n- 2026-03-01 session s messages 1-2:")).toBe(
      true,
    );
    expect(newest?.content?.endsWith(`</recall>\n\n${original?.content}`)).toBe(true);
    // The block is cut to ~2000 tokens and the prompt stays within its budget.
    const added = withBlock.report.tokens.messages - without.report.tokens.messages;
    expect(added).toBeGreaterThan(0.95 * recallAllowanceTokens(budget));
    expect(added).toBeLessThanOrEqual(recallAllowanceTokens(budget));
    expect(withBlock.report.tokens.total).toBeLessThanOrEqual(budget);
    expect(
      memory.store.messages.range(memory.store.sessionLog.sessionId, 0, 1000).map((m) => m.content),
    ).not.toContainEqual(expect.stringContaining("<recall>"));
  });

  it("keeps no room for a <recall> block while autoRecall is off", async () => {
    const composeAt = async (autoRecall: boolean) => {
      const opened = openTestMemory({ config: { autoRecall } });
      opened.store.appendMessages(buildConversation({ turns: 80 }));
      await opened.engine.runUntilIdle();
      const composed = await opened.engine.compose({ toolsText: "bash", maxContextTokens: 6_000 });
      await opened.close();
      return composed.report;
    };
    const [off, on] = [await composeAt(false), await composeAt(true)];
    expect(off.recallRoom).toBe(0);
    expect(on.recallRoom).toBe(recallAllowanceTokens(6_000));
    expect(off.tokens.total - on.tokens.total).toBeGreaterThan(recallAllowanceTokens(6_000) / 2);
    expect(on.tokens.total + on.recallRoom).toBeLessThanOrEqual(6_000);
  });

  it("sends no summary when summaryBudget is 0", async () => {
    memory = openTestMemory({ config: { summaryBudget: 0 } });
    memory.store.appendMessages(buildConversation({ turns: 60 }));
    await memory.engine.runUntilIdle();
    const composed = await memory.engine.compose({ toolsText: "", maxContextTokens: 4_000 });
    expect(composed.report.trimmedCount).toBeGreaterThan(0);
    expect(summarySection(composed.systemPrompt)).toBe("");
    expect(composed.report.sections.map((section) => section.tag)).not.toContain(
      "conversation_summary",
    );
    expect(composed.report.tokens.total).toBeLessThanOrEqual(4_000);
  });

  it("composes an empty session and answers an unchanged one from its cache", async () => {
    memory = openTestMemory();
    const empty = await memory.engine.compose({ toolsText: "bash" });
    expect(empty.window).toEqual([]);
    expect(empty.report).toMatchObject({ trimmedCount: 0, window: { seqStart: 0, seqEnd: 0 } });
    memory.store.appendMessages(buildConversation({ turns: 2 }));
    const first = await memory.engine.compose({ toolsText: "bash" });
    expect(await memory.engine.compose({ toolsText: "bash" })).toBe(first);
    expect(first.window).toHaveLength(8);
  });

  it("shortens long tool results in the window, keeping head and tail", async () => {
    memory = openTestMemory();
    memory.store.appendMessages(buildConversation({ turns: 2, toolChars: 9_000 }));
    const composed = await memory.engine.compose({ toolsText: "" });
    const tool = composed.window.find((message) => message.role === "tool");
    expect(tool?.content?.length).toBeLessThan(2_200);
    expect(tool?.content).toContain("characters omitted");
    expect(
      memory.store.messages.range(memory.store.sessionLog.sessionId, 2, 3)[0]?.content?.length,
    ).toBe(9_000);
  });
});
