// Deterministic, real-looking memory data for web tests and screenshots: a long multi-topic
// session with tool calls, an L0/L1/L2 segment tree over it, sessions, notes, the working memory
// and a system prompt.
// Pure: no I/O, no clock, no randomness.
import type {
  ContextReport,
  NotesView,
  SegmentDetail,
  SegmentRow,
  SessionMessage,
  SessionSummary,
} from "../../src/kernel/index.js";
import type { WorkingMemoryState, WorkingMemoryView } from "../../src/memory/index.js";
import { renderWorkingMemory } from "../../src/memory/working-memory/working-memory-markdown.js";

export const ACTIVE_SESSION = "session_mn2k4x_a7c3d9";
const START_MS = Date.parse("2026-03-20T08:00:00.000Z");
/** Five minutes between messages: 2,140 messages span about a week. */
const MESSAGE_GAP_MS = 5 * 60 * 1000;
const MESSAGES_PER_SEGMENT = 20;
export const MESSAGE_COUNT = 2140;

interface Topic {
  title: string;
  file: string;
  question: string;
  finding: string;
}

const TOPICS: Topic[] = [
  {
    title: "blog migration to Astro",
    file: "knowledge/blog.md",
    question: "Can we move the blog from Jekyll to Astro this week?",
    finding: "the RSS feed needs `@astrojs/rss`",
  },
  {
    title: "flaky CI on arm64",
    file: ".github/workflows/ci.yml",
    question: "CI failed again on arm64, can you look at the logs?",
    finding: "the cache key ignored `runner.arch`",
  },
  {
    title: "Lisbon trip planning",
    file: "knowledge/travel.md",
    question: "Let's plan the Lisbon trip for May 14-18.",
    finding: "the Alfama flat is free May 14-18 at €92/night",
  },
  {
    title: "SQLite WAL checkpoints",
    file: "knowledge/sqlite.md",
    question: "Why does the WAL file keep growing past 1 GB?",
    finding: "a long-lived reader blocked `wal_checkpoint(TRUNCATE)`",
  },
  {
    title: "quarterly report",
    file: "knowledge/q1-report.md",
    question: "Draft the Q1 report from the numbers in the sheet.",
    finding: "revenue grew 18% while support tickets fell 9%",
  },
  {
    title: "Telegram pairing bug",
    file: "knowledge/telegram.md",
    question: "Ann says her pairing code expired immediately.",
    finding: "codes were compared case-sensitively",
  },
  {
    title: "restic backups",
    file: "knowledge/backups.md",
    question: "Set up nightly restic backups of the home server.",
    finding: "`restic forget --keep-daily 7 --keep-weekly 5` fits the 2 TB disk",
  },
  {
    title: "invoice parser refactor",
    file: "src/invoice/parse.ts",
    question: "The invoice parser chokes on German dates, fix it?",
    finding: "`dd.mm.yyyy` was parsed as month-first",
  },
];

function topicOf(segmentIndex: number): Topic {
  return TOPICS[segmentIndex % TOPICS.length] as Topic;
}

export function timestampOf(seq: number): string {
  return new Date(START_MS + seq * MESSAGE_GAP_MS).toISOString();
}

/** Message `seq` of the active session: exchanges of user → tool call → tool result → reply. */
export function messageAt(seq: number): SessionMessage {
  const topic = topicOf(Math.floor(seq / MESSAGES_PER_SEGMENT));
  const ts = timestampOf(seq);
  const callId = `call_${Math.floor(seq / 4)}`;
  switch (seq % 4) {
    case 0:
      return { seq, ts, role: "user", content: topic.question, meta: { interface: "telegram" } };
    case 1:
      return {
        seq,
        ts,
        role: "assistant",
        content: null,
        toolCalls: [
          {
            id: callId,
            type: "function",
            function: { name: "read", arguments: JSON.stringify({ path: topic.file }) },
          },
        ],
      };
    case 2:
      return {
        seq,
        ts,
        role: "tool",
        content: `# ${topic.title}\n\n- status: in progress\n- owner: ann`,
        toolCallId: callId,
        meta: { tool: "read" },
      };
    default:
      return {
        seq,
        ts,
        role: "assistant",
        content: `Looked into the **${topic.title}**: ${topic.finding}.\n\n- Updated \`${topic.file}\`\n- Next: confirm with Ann`,
      };
  }
}

function segmentRow(level: number, index: number, span: number): SegmentRow {
  const seqStart = index * span;
  const seqEnd = Math.min(seqStart + span, MESSAGE_COUNT);
  const tokenCount = level === 0 ? 1_400 + ((index * 37) % 600) : 0;
  return {
    id: `seg_L${level}_${String(index).padStart(3, "0")}`,
    level,
    seqStart,
    seqEnd,
    parentId: null,
    tokenCount,
    summaryTokens: 0,
    method: index % 9 === 4 ? "extractive" : "llm:gpt-4.1-mini",
    firstTs: timestampOf(seqStart),
    lastTs: timestampOf(seqEnd - 1),
    stale: index % 9 === 4,
  };
}

/** 107 L0 segments of 20 messages, 10 L1 rollups over the first 100, one L2 over those. */
export function buildSegmentRows(): SegmentRow[] {
  const l0 = Array.from({ length: MESSAGE_COUNT / MESSAGES_PER_SEGMENT }, (_, index) =>
    segmentRow(0, index, MESSAGES_PER_SEGMENT),
  );
  const l1 = Array.from({ length: 10 }, (_, index) => segmentRow(1, index, 200));
  const l2 = [segmentRow(2, 0, 2000)];
  for (const [children, parents, ratio] of [
    [l0, l1, 10],
    [l1, l2, 10],
  ] as const) {
    children.forEach((child, index) => {
      const parent = parents[Math.floor(index / ratio)];
      if (!parent) return;
      child.parentId = parent.id;
      parent.tokenCount += child.tokenCount;
    });
  }
  for (const row of [...l0, ...l1, ...l2]) row.summaryTokens = Math.round(row.tokenCount / 12);
  return [...l2, ...l1, ...l0];
}

function summaryOf(row: SegmentRow): string {
  const topic = topicOf(
    row.level === 0 ? Math.floor(row.seqStart / MESSAGES_PER_SEGMENT) : row.seqStart / 200,
  );
  return [
    `level: L${row.level}`,
    `messages: ${row.seqStart}-${row.seqEnd - 1}`,
    `first: ${row.firstTs}`,
    `last: ${row.lastTs}`,
    `- Worked on the **${topic.title}** with Ann; ${topic.finding}.`,
    `- Edited \`${topic.file}\` and committed the change.`,
    "- Open question: whether to tell the team before Friday.",
  ].join("\n");
}

export function segmentDetailOf(row: SegmentRow, rows: SegmentRow[]): SegmentDetail {
  return {
    ...row,
    session: ACTIVE_SESSION,
    summary: summaryOf(row),
    childIds: rows.filter((other) => other.parentId === row.id).map((other) => other.id),
    compression: row.summaryTokens > 0 ? row.tokenCount / row.summaryTokens : null,
  };
}

export function buildSessions(): SessionSummary[] {
  const activity: Record<string, number> = {};
  for (let seq = 0; seq < MESSAGE_COUNT; seq += 1) {
    const day = timestampOf(seq).slice(0, 10);
    activity[day] = (activity[day] ?? 0) + 1;
  }
  const quarter = MESSAGE_COUNT / 4;
  return [
    {
      id: "session_mkq1aa_0b1c2d",
      messageCount: 412,
      firstTs: "2026-03-02T09:12:00.000Z",
      lastTs: "2026-03-05T21:40:00.000Z",
      durationMs: Date.parse("2026-03-05T21:40:00.000Z") - Date.parse("2026-03-02T09:12:00.000Z"),
      roles: { user: 120, assistant: 190, tool: 102 },
      activity: { "2026-03-02": 96, "2026-03-03": 140, "2026-03-04": 88, "2026-03-05": 88 },
      active: false,
    },
    {
      id: ACTIVE_SESSION,
      messageCount: MESSAGE_COUNT,
      firstTs: timestampOf(0),
      lastTs: timestampOf(MESSAGE_COUNT - 1),
      durationMs: (MESSAGE_COUNT - 1) * MESSAGE_GAP_MS,
      roles: { user: quarter, assistant: quarter * 2, tool: quarter },
      activity,
      active: true,
    },
  ];
}

export function buildNotes(summaryUpdatedAt: string): NotesView {
  return {
    latest: {
      path: "notes/2026-03-27.md",
      content:
        "# 2026-03-27\n\n- Finished the **restic** set-up; first snapshot 412 GB.\n- Ann paired on Telegram.",
    },
    previous: ["notes/2026-03-26.md", "notes/2026-03-25.md", "notes/2026-03-24.md"],
    summary:
      "## Last five days\n\n- Blog moved to Astro; RSS fixed.\n- CI on arm64 green after the cache-key fix.\n- Lisbon trip booked for **May 14-18**.",
    summaryUpdatedAt,
  };
}

function section(tag: string, body: string, path?: string): string {
  const open = path === undefined ? `<${tag}>` : `<${tag} path="${path}">`;
  return `${open}\n${body}\n</${tag}>`;
}

/** The working memory at the end of the session: the restic backups work of the last days. */
const WORKING_MEMORY_STATE: WorkingMemoryState = {
  task: {
    now: "Verify a restore of `knowledge/` from last night's restic snapshot",
    next: "Schedule a monthly restore test (1st of the month, 03:00)",
  },
  decisions: [
    {
      date: "2026-03-26",
      text: "Back up the home server with restic, not borg",
      reason: "deduplication is as good and incremental runs are 3x faster on the 2 TB disk",
      seq: 2052,
    },
    {
      date: "2026-03-27",
      text: "Keep 7 daily and 5 weekly snapshots: `restic forget --keep-daily 7 --keep-weekly 5`",
      reason: "it fits the 2 TB disk with room for a year of growth",
      seq: 2096,
    },
  ],
  files: [
    {
      path: "knowledge/backups.md",
      note: "edited (edit, retention policy and restore steps)",
      seq: 2101,
    },
    {
      path: "/etc/systemd/system/restic-backup.timer",
      note: "created (write, 9 lines; nightly at 02:00)",
      seq: 2088,
    },
  ],
  context: [
    {
      text: "The restic repository is on /mnt/backup; the first snapshot was 412 GB",
      lastSeq: 2132,
    },
  ],
  preferences: [{ text: "Ann wants short answers with the exact commands to run", seq: 1904 }],
};

/** The view `GET /memory/working` answers with, as the keeper model last wrote it. */
export function buildWorkingMemory(): WorkingMemoryView {
  return {
    session: ACTIVE_SESSION,
    updatedAt: "2026-03-27T18:15:42.318Z",
    method: "llm:fake-model",
    seqEnd: MESSAGE_COUNT,
    content: renderWorkingMemory(WORKING_MEMORY_STATE),
    state: structuredClone(WORKING_MEMORY_STATE),
  };
}

type PromptPart = { tag: string; path: string | null; text: string };

/** The sections of the fake prompt, in SPEC §5 order, with `inContext` as the summary block. */
function promptParts(inContext: SegmentRow[]): PromptPart[] {
  return [
    {
      tag: "document",
      path: "AGENTS.md",
      text: "# How I work\n\nI am a stateful agent. This repo is my memory; I commit after edits.",
    },
    {
      tag: "document",
      path: "IDENTITY.md",
      text: "# Identity\n\nName: Ada. Voice: brief, warm, exact.",
    },
    {
      tag: "document",
      path: "KERN.md",
      text: "# Runtime\n\nMessages arrive in envelopes like `[via telegram, user Ann]`.",
    },
    {
      tag: "document",
      path: "KNOWLEDGE.md",
      text: "- knowledge/blog.md\n- knowledge/travel.md\n- knowledge/backups.md",
    },
    { tag: "document", path: "USERS.md", text: "- Ann (telegram 4411): owner" },
    { tag: "document", path: "notes/2026-03-27.md", text: "- Finished the restic set-up." },
    { tag: "notes_summary", path: null, text: "Blog moved to Astro; CI green; Lisbon booked." },
    {
      tag: "tools",
      path: null,
      text: "bash, read, write, edit, glob, grep, recall, expand, describe, message, kern",
    },
    {
      tag: "working_memory",
      path: null,
      text: renderWorkingMemory(WORKING_MEMORY_STATE),
    },
    {
      tag: "conversation_summary",
      path: null,
      text: inContext.map((row) => section("summary", summaryOf(row))).join("\n"),
    },
  ];
}

/** A composed prompt with every section kind, and its report (tokens ≈ characters / 4). */
export function buildContextReport(rows: SegmentRow[]): ContextReport {
  const inContext = rows.filter(
    (row) => row.level === 2 || (row.level === 0 && row.seqStart >= 2000 && row.seqStart < 2100),
  );
  const parts = promptParts(inContext);
  const tokens = (text: string) => Math.ceil(text.length / 4);
  const sections = parts.map((part) => ({
    tag: part.tag,
    path: part.path,
    tokens: tokens(section(part.tag, part.text, part.path ?? undefined)),
  }));
  const summary = sections.find((entry) => entry.tag === "conversation_summary")?.tokens ?? 0;
  const system = sections.reduce((sum, entry) => sum + entry.tokens, 0) - summary;
  const messages = 9_840;
  return {
    maxContextTokens: 100_000,
    summaryBudget: 0.75,
    tokens: { system, summary, messages, total: system + summary + messages },
    recallRoom: 2_009, // autoRecall on: the room kept for a turn's <recall> block
    trimmedCount: 2100,
    window: { seqStart: 2100, seqEnd: MESSAGE_COUNT },
    segmentIds: inContext.map((row) => row.id),
    sections,
    systemPrompt: parts
      .map((part) => section(part.tag, part.text, part.path ?? undefined))
      .join("\n\n"),
  };
}
