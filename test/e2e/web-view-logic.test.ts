// The web page's pure logic (no DOM): markdown parsing, prompt sections, history grouping,
// working-memory sections, formatting. Lives here because vitest's include does not cover web/.
import { describe, expect, it } from "vitest";
import type { SessionMessage } from "../../src/kernel/index.js";
import { activitySeries } from "../../web/src/activity-series.js";
import {
  fillDays,
  formatDuration,
  formatSeqRange,
  formatZonedTime,
  percent,
} from "../../web/src/format.js";
import { toHistoryItems, toolNames } from "../../web/src/history-items.js";
import { jobActions, jobState } from "../../web/src/job-actions.js";
import {
  type Block,
  type Inline,
  parseInline,
  parseMarkdown,
  safeHref,
} from "../../web/src/markdown-parse.js";
import { parsePromptSections } from "../../web/src/prompt-sections.js";
import { splitWorkingMemory } from "../../web/src/working-memory-sections.js";
import { buildWorkingMemory } from "../support/rich-fake-data.js";

function textOf(inlines: Inline[]): string {
  return inlines
    .map((inline) => {
      if (inline.type === "text" || inline.type === "code") return inline.text;
      if (inline.type === "break") return "\n";
      return textOf(inline.children);
    })
    .join("");
}

/** The depth of every list item, in document order (0 = top level). */
function itemDepths(block: Block | undefined, depth = 0): number[] {
  if (block?.type !== "list") return [];
  return block.items.flatMap((item) => [
    depth,
    ...item.blocks.flatMap((inner) => itemDepths(inner, depth + 1)),
  ]);
}

describe("activity series", () => {
  it("shows one day as one bar among two weeks, not a slab", () => {
    const series = activitySeries(new Map([["2026-03-27", 40]]), new Set(["2026-03-27"]));
    expect(series.unit).toBe("day");
    expect(series.bars).toHaveLength(14);
    expect(series.bars.at(-1)).toEqual({ label: "2026-03-27", value: 40, highlight: true });
    expect(series.bars.slice(0, -1).every((bar) => bar.value === 0)).toBe(true);
  });

  it("sums a year per week, keeping the total", () => {
    const totals = new Map<string, number>();
    const day = new Date("2025-03-28T00:00:00Z");
    for (let index = 0; index < 365; index += 1) {
      totals.set(day.toISOString().slice(0, 10), 3);
      day.setUTCDate(day.getUTCDate() + 1);
    }
    const series = activitySeries(totals, new Set());
    expect(series.unit).toBe("week");
    expect(series.bars).toHaveLength(53);
    expect(series.bars.reduce((sum, bar) => sum + bar.value, 0)).toBe(365 * 3);
  });
});

describe("markdown parsing", () => {
  it("keeps HTML as plain text", () => {
    const blocks = parseMarkdown("<img src=x onerror=alert(1)> and <script>x</script>");
    expect(blocks).toEqual([
      {
        type: "paragraph",
        inlines: [{ type: "text", text: "<img src=x onerror=alert(1)> and <script>x</script>" }],
      },
    ]);
  });

  it("makes only http(s) and mailto links clickable", () => {
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref(" JAVASCRIPT:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,x")).toBeNull();
    expect(safeHref("https://example.com")).toBe("https://example.com");
    expect(parseInline("[x](javascript:alert(1))")).toEqual([
      { type: "text", text: "[x](javascript:alert(1))" },
    ]);
    expect(parseInline("see https://a.example/b.")[1]).toEqual({
      type: "link",
      href: "https://a.example/b",
      children: [{ type: "text", text: "https://a.example/b" }],
    });
  });

  it("parses emphasis, code spans and leaves snake_case alone", () => {
    const inlines = parseInline("**bold** *em* `a*b*c` ~~gone~~ snake_case_name");
    expect(inlines.map((inline) => inline.type)).toEqual([
      "strong",
      "text",
      "em",
      "text",
      "code",
      "text",
      "del",
      "text",
    ]);
    expect(textOf(inlines)).toBe("bold em a*b*c gone snake_case_name");
  });

  it("parses fences, headings, lists, quotes, tables and rules", () => {
    const text = [
      "# Title",
      "",
      "- one",
      "  - nested",
      "1. first",
      "",
      "> quoted **text**",
      "",
      "| a | b |",
      "|---|---|",
      "| 1 | 2 |",
      "",
      "```ts",
      "const x = '<b>';",
      "```",
      "---",
    ].join("\n");
    const types = parseMarkdown(text).map((block) => block.type);
    expect(types).toEqual([
      ...["heading", "gap", "list", "list", "gap", "quote", "gap", "table", "gap", "code", "rule"],
    ]);
    const list = parseMarkdown("- one\n  - nested")[0];
    expect(itemDepths(list)).toEqual([0, 1]);
    const deep = parseMarkdown("1. one\n   - a\n     - b\n2. two\n3. three")[0];
    expect(itemDepths(deep)).toEqual([0, 1, 2, 0, 0]);
    expect(deep?.type === "list" && deep.items.length).toBe(3);
    const code = parseMarkdown("```ts\nconst x = '<b>';\n```")[0];
    expect(code).toEqual({ type: "code", language: "ts", text: "const x = '<b>';" });
  });

  it("renders an unclosed fence (a reply still streaming) as code", () => {
    expect(parseMarkdown("```sh\nls -la")[0]).toEqual({
      type: "code",
      language: "sh",
      text: "ls -la",
    });
  });
});

describe("prompt sections", () => {
  const prompt = [
    '<document path="AGENTS.md">',
    "# How I work",
    "</document>",
    "",
    "<tools>",
    "bash, read",
    "</tools>",
    "<conversation_summary>",
    "<summary>",
    "level: L0",
    "</summary>",
    "</conversation_summary>",
    "trailing text",
  ].join("\n");

  it("splits the prompt at its top-level tags and keeps nested tags in the body", () => {
    const sections = parsePromptSections(prompt, [
      { tag: "document", path: "AGENTS.md", tokens: 12 },
      { tag: "conversation_summary", path: null, tokens: 40 },
    ]);
    expect(sections.map((section) => [section.tag, section.path, section.tokens])).toEqual([
      ["document", "AGENTS.md", 12],
      ["tools", null, null],
      ["conversation_summary", null, 40],
      ["text", null, null],
    ]);
    expect(sections[2]?.body).toBe("<summary>\nlevel: L0\n</summary>");
  });

  it("reads a tag quoted inside a line (KERN.md names kern's tags) as text", () => {
    const sections = parsePromptSections(
      [
        '<document path="KERN.md">',
        'kern writes the tags around documents (`<document path="…">`, `<tools>`).',
        "</document>",
        "<tools>",
        "- bash",
        "</tools>",
      ].join("\n"),
    );
    expect(sections.map((section) => [section.tag, section.path])).toEqual([
      ["document", "KERN.md"],
      ["tools", null],
    ]);
  });

  it("takes an unclosed section to the end", () => {
    const sections = parsePromptSections("<tools>\nbash");
    expect(sections).toEqual([{ tag: "tools", path: null, body: "bash", tokens: null }]);
  });
});

describe("history items", () => {
  const at = (seq: number, message: Omit<SessionMessage, "seq" | "ts">): SessionMessage => ({
    seq,
    ts: "2026-03-20T08:00:00.000Z",
    ...message,
  });

  it("groups a turn's steps into one reply and pairs tool calls with results", () => {
    const items = toHistoryItems([
      at(0, { role: "user", content: "hi", meta: { interface: "telegram" } }),
      at(1, {
        role: "assistant",
        content: null,
        toolCalls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }],
      }),
      at(2, { role: "tool", content: "file text", toolCallId: "c1" }),
      at(3, { role: "assistant", content: "done" }),
      at(4, { role: "tool", content: "orphan", toolCallId: "c0", meta: { tool: "bash" } }),
    ]);
    expect(items.map((item) => item.kind)).toEqual(["user", "assistant"]);
    const reply = items[1];
    expect(reply?.kind === "assistant" && reply.parts).toEqual([
      {
        type: "tool",
        tool: { callId: "c1", name: "read", arguments: "{}", output: "file text", isError: false },
      },
      { type: "text", text: "done" },
      {
        type: "tool",
        tool: { callId: "c0", name: "bash", arguments: "", output: "orphan", isError: false },
      },
    ]);
  });

  it("leaves a result whose call is on an older page unnamed until that page names it", () => {
    const newer = toHistoryItems([at(10, { role: "tool", content: "42 rows", toolCallId: "c9" })]);
    const orphan = newer[0]?.kind === "assistant" ? newer[0].parts[0] : undefined;
    expect(orphan?.type === "tool" && orphan.tool.name).toBe("");
    const older = [
      at(9, {
        role: "assistant",
        content: null,
        toolCalls: [{ id: "c9", type: "function", function: { name: "sql", arguments: "{}" } }],
      }),
    ];
    expect(toolNames(older).get("c9")).toBe("sql");
  });

  it("gives a message with files its caption and files, not the text kern stores for recall", () => {
    const pdf = {
      id: "a3f2",
      kind: "document" as const,
      mediaType: "application/pdf",
      name: "report.pdf",
      file: ".kern/media/a3f2.pdf",
      bytes: 3300,
      pages: 2,
    };
    const stored = "[document report.pdf, 2 pages]\nsix thousand characters of text\nfor the files";
    const [withCaption, older] = toHistoryItems([
      at(0, {
        role: "user",
        content: stored,
        meta: { attachments: [pdf], caption: "for the files" },
      }),
      at(1, { role: "user", content: stored, meta: { attachments: [pdf] } }),
    ]);
    expect(withCaption).toMatchObject({ kind: "user", text: "for the files", attachments: [pdf] });
    // a message logged before captions were kept shows its whole text
    expect(older).toMatchObject({ kind: "user", text: stored, attachments: [pdf] });
  });
});

describe("working memory sections", () => {
  it("splits the stored markdown into its five sections with their item counts", () => {
    const sections = splitWorkingMemory(buildWorkingMemory().content);
    expect(sections.map(({ title, items, empty }) => ({ title, items, empty }))).toEqual([
      { title: "Task State", items: 2, empty: false },
      { title: "Decisions", items: 2, empty: false },
      { title: "Files & Code", items: 2, empty: false },
      { title: "Important Context", items: 1, empty: false },
      { title: "User Preferences", items: 1, empty: false },
    ]);
    expect(sections[1]?.body).toMatch(/^- 2026-03-26: .*\n {2}- reason: deduplication/);
    const blocks = parseMarkdown(sections[1]?.body ?? "");
    expect(itemDepths(blocks[0])).toEqual([0, 1, 0, 1]);
  });

  it("marks empty sections, keeps text before the first heading and never throws", () => {
    const sections = splitWorkingMemory(
      "stray line\r\n## Decisions\r\n_none yet_\n## Files & Code\n",
    );
    expect(sections).toEqual([
      { title: "Notes", body: "stray line", items: 0, empty: false },
      { title: "Decisions", body: "_none yet_", items: 0, empty: true },
      { title: "Files & Code", body: "", items: 0, empty: true },
    ]);
    expect(splitWorkingMemory("")).toEqual([]);
    expect(splitWorkingMemory("  \n\n")).toEqual([]);
  });
});

describe("formatting", () => {
  it("formats durations, ranges, shares and day spans", () => {
    expect(formatDuration(0)).toBe("0s");
    expect(formatDuration(45_000)).toBe("45s");
    expect(formatDuration(3 * 3_600_000 + 12 * 60_000)).toBe("3h 12m");
    expect(formatDuration(2 * 86_400_000 + 5 * 60_000)).toBe("2d");
    expect(formatSeqRange(341, 520)).toBe("341–519");
    expect(formatSeqRange(7, 8)).toBe("7");
    expect(percent(5, 0)).toBe(0);
    expect(percent(150, 100)).toBe(100);
    expect(fillDays(["2026-03-03", "2026-03-01"])).toEqual([
      "2026-03-01",
      "2026-03-02",
      "2026-03-03",
    ]);
  });

  it("shows an instant in the agent's zone, to the minute, 24-hour", () => {
    expect(formatZonedTime("2026-12-02T08:00:59.000Z", "Europe/Berlin")).toBe("Dec 2, 09:00");
    expect(formatZonedTime("2026-07-01T22:30:00.000Z", "Europe/Berlin")).toBe("Jul 2, 00:30");
    expect(formatZonedTime("2026-12-02T15:05:00.000Z", "America/New_York")).toBe("Dec 2, 10:05");
    // A zone the browser does not know: its own zone, not an exception.
    expect(formatZonedTime("2026-12-02T08:00:00.000Z", "Mars/Olympus")).toMatch(/^Dec 2, \d\d:00$/);
    expect(formatZonedTime(null, "Europe/Berlin")).toBe("—");
  });
});

describe("job buttons", () => {
  const run = (outcome: string) => ({
    scheduledFor: "2026-12-01T08:00:00.000Z",
    startedAt: "2026-12-01T08:00:00.000Z",
    outcome,
    turnId: null,
    endedAt: null,
    tokens: null,
  });

  it("offers what each state allows: a done job only Delete, a paused one Resume", () => {
    const scheduled = { paused: false, nextRunAt: "2026-12-02T08:00:00.000Z", lastRun: null };
    expect(jobState(scheduled)).toBe("scheduled");
    expect(jobActions(scheduled)).toEqual(["run", "pause", "remove"]);
    const paused = { ...scheduled, paused: true, nextRunAt: null };
    expect(jobActions(paused)).toEqual(["resume", "run", "remove"]);
    const done = { paused: false, nextRunAt: null, lastRun: run("ok") };
    expect(jobState(done)).toBe("done");
    expect(jobActions(done)).toEqual(["remove"]);
    // A run under way: no second "Run now" behind it, even for a paused job.
    expect(jobState({ ...paused, lastRun: run("started") })).toBe("running");
    expect(jobActions({ ...scheduled, lastRun: run("started") })).toEqual(["pause", "remove"]);
    expect(jobActions({ ...paused, lastRun: run("started") })).toEqual(["resume", "remove"]);
  });
});
