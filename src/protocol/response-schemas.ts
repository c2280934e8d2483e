// zod schemas for the daemon's JSON answers: the server declares them on its routes (fastify
// validates each reply against them), the CLI client and the web page parse with them, so data from
// the wire is never cast (SG-13). Each schema is typed against its kernel view: a drift between the
// two fails `tsc`. No I/O.
// Namespace import: it lets the web bundle keep only the zod parts used (85 KB, not 450 KB).
import * as z from "zod";
import type {
  AgentStatus,
  ContextReport,
  HistoryPage,
  NotesView,
  PairedUser,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentRow,
  SegmentsReport,
  SessionMessage,
  SessionsView,
} from "../kernel/index.js";
// The file itself, not kernel/index.ts: the web page bundles this (see api-schemas.ts).
import { messageMetaSchema, toolCallSchema } from "../kernel/message-schemas.js";
import { approvalViewSchema, memoryStateSchema } from "./api-schemas.js";
import type { ProcessRow, SubagentRow } from "./work-views.js";

export const subagentRowSchema: z.ZodType<SubagentRow> = z.object({
  id: z.string(),
  task: z.string(),
  state: z.enum(["running", "done", "failed", "timed-out", "cancelled"]),
  toolScope: z.enum(["full", "write", "read"]),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  transcript: z.string(),
  inputTokens: z.number(),
  outputTokens: z.number(),
  error: z.string().nullable(),
});

export const processRowSchema: z.ZodType<ProcessRow> = z.object({
  id: z.string(),
  command: z.string(),
  state: z.enum(["running", "exited", "stopped", "failed"]),
  pid: z.number(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  exitCode: z.number().nullable(),
  signal: z.string().nullable(),
  outputBytes: z.number(),
});

/** `GET /work`: sub-agents and background commands (SPEC §13). */
/** `GET /subagents` (the sub-agents plugin). */
export const subagentListSchema = z.object({ subagents: z.array(subagentRowSchema) });

/** `GET /processes` (the background-commands plugin). */
export const processListSchema = z.object({ processes: z.array(processRowSchema) });

/** `GET /commands`: every chat command the daemon answers without the model (SPEC §17). */
export const commandListSchema = z.object({
  commands: z.array(
    z.object({
      name: z.string(),
      help: z.string(),
      usage: z.string().optional(),
      /** "all": the operator's only; "some": some of its uses are (`/ps stop ID`). */
      operatorOnly: z.enum(["none", "some", "all"]),
    }),
  ),
});
export type CommandListView = z.infer<typeof commandListSchema>;

export const approvalListSchema = z.object({ approvals: z.array(approvalViewSchema) });

export const agentStatusSchema: z.ZodType<AgentStatus> = z.object({
  agent: z.string(),
  agentDir: z.string(),
  model: z.string().nullable(),
  provider: z.string(),
  pid: z.number(),
  uptimeMs: z.number(),
  port: z.number().nullable(),
  url: z.string().nullable(),
  session: z.object({ id: z.string(), messages: z.number(), tokens: z.number() }),
  queue: z.object({ running: z.string().nullable(), waiting: z.number() }),
  memory: memoryStateSchema,
  channels: z.array(
    z.object({
      id: z.string(),
      enabled: z.boolean(),
      pairedUsers: z.number(),
      pendingCodes: z.number(),
      detail: z.string().nullable(),
    }),
  ),
  toolSources: z.array(
    z.object({
      id: z.string(),
      state: z.enum(["ready", "starting", "failed", "stopped"]),
      tools: z.number(),
      error: z.string().nullable(),
    }),
  ),
  sections: z
    .record(z.string(), z.object({ data: z.unknown(), lines: z.array(z.string()) }))
    .optional(),
  approvals: z.object({ pending: z.number() }).optional(),
  plugins: z
    .array(
      z.object({
        name: z.string(),
        from: z.string(),
        version: z.string().nullable(),
        state: z.enum(["ready", "failed"]),
        error: z.string().nullable(),
      }),
    )
    .optional(),
  warnings: z.array(z.string()).optional(),
  sandbox: z
    .object({
      setting: z.enum(["auto", "bwrap", "off"]),
      mode: z.enum(["bwrap", "none"]),
      network: z.boolean(),
      warning: z.string().nullable(),
    })
    .optional(),
});

const sessionMessageSchema: z.ZodType<SessionMessage> = z.object({
  seq: z.number(),
  ts: z.string(),
  role: z.enum(["user", "assistant", "tool"]),
  content: z.string().nullable(),
  toolCalls: z.array(toolCallSchema).optional(),
  toolCallId: z.string().optional(),
  meta: messageMetaSchema.optional(),
});

export const historyPageSchema: z.ZodType<HistoryPage> = z.object({
  session: z.string(),
  messages: z.array(sessionMessageSchema),
  hasMore: z.boolean(),
});

export const sessionsViewSchema: z.ZodType<SessionsView> = z.object({
  currentSessionId: z.string(),
  sessions: z.array(
    z.object({
      id: z.string(),
      messageCount: z.number(),
      firstTs: z.string().nullable(),
      lastTs: z.string().nullable(),
      durationMs: z.number(),
      roles: z.object({ user: z.number(), assistant: z.number(), tool: z.number() }),
      activity: z.record(z.string(), z.number()),
      active: z.boolean(),
    }),
  ),
});

/** `GET /context/stats`: the composed prompt's report without the prompt's text. */
export type ContextStats = Omit<ContextReport, "systemPrompt">;

export const contextStatsSchema: z.ZodType<ContextStats> = z.object({
  maxContextTokens: z.number(),
  summaryBudget: z.number(),
  tokens: z.object({
    system: z.number(),
    summary: z.number(),
    messages: z.number(),
    total: z.number(),
  }),
  recallRoom: z.number(),
  trimmedCount: z.number(),
  window: z.object({ seqStart: z.number(), seqEnd: z.number() }),
  segmentIds: z.array(z.string()),
  sections: z.array(z.object({ tag: z.string(), path: z.string().nullable(), tokens: z.number() })),
});

const segmentRowShape = {
  id: z.string(),
  level: z.number(),
  seqStart: z.number(),
  seqEnd: z.number(),
  parentId: z.string().nullable(),
  tokenCount: z.number(),
  summaryTokens: z.number(),
  method: z.string().nullable(),
  firstTs: z.string(),
  lastTs: z.string(),
  stale: z.boolean(),
};

const segmentRowSchema: z.ZodType<SegmentRow> = z.object(segmentRowShape);

export const segmentsReportSchema: z.ZodType<SegmentsReport> = z.object({
  session: z.string(),
  segments: z.array(segmentRowSchema),
});

/** `GET /context/segments`: the segments `<conversation_summary>` holds, oldest first. */
export const contextSegmentsSchema = z.object({
  session: z.string(),
  segmentIds: z.array(z.string()),
  segments: z.array(segmentRowSchema),
});
export type ContextSegmentsView = z.infer<typeof contextSegmentsSchema>;

export const segmentDetailSchema: z.ZodType<SegmentDetail> = z.object({
  ...segmentRowShape,
  session: z.string(),
  summary: z.string().nullable(),
  childIds: z.array(z.string()),
  compression: z.number().nullable(),
});

export const recallStatsSchema: z.ZodType<RecallStats> = z.object({
  messages: z.number(),
  sessions: z.number(),
  vectors: z.number(),
  firstTs: z.string().nullable(),
  lastTs: z.string().nullable(),
});

export const recallReportSchema: z.ZodType<RecallReport> = z.object({
  query: z.string(),
  results: z.array(
    z.object({
      session: z.string(),
      seqStart: z.number(),
      seqEnd: z.number(),
      score: z.number(),
      snippet: z.string(),
      ts: z.string(),
      speaker: z.string().optional(),
    }),
  ),
  assist: z
    .object({ rewrites: z.array(z.string()), reranked: z.number(), failures: z.array(z.string()) })
    .optional(),
});

export const notesViewSchema: z.ZodType<NotesView> = z.object({
  latest: z.object({ path: z.string(), content: z.string() }).nullable(),
  previous: z.array(z.string()),
  summary: z.string().nullable(),
  summaryUpdatedAt: z.string().nullable(),
});

/** `GET /memory/working`: the working memory of the active session (see `kern memory --json`). */
export const workingMemorySchema = z.object({
  session: z.string(),
  updatedAt: z.string(),
  method: z.string(),
  seqEnd: z.number(),
  content: z.string(),
  state: z.unknown(),
});
export type WorkingMemoryResponse = z.infer<typeof workingMemorySchema>;

export const cancelTurnReplySchema = z.object({ turnId: z.string(), cancelled: z.boolean() });

/** POST /login and POST /logout. */
export const okReplySchema = z.object({ ok: z.boolean() });

export const pairedUserSchema = z.object({
  channel: z.string(),
  userId: z.string(),
  chatId: z.string(),
  name: z.string(),
  pairedAt: z.string(),
  role: z.enum(["operator", "member"]),
}) satisfies z.ZodType<PairedUser>;
/** A person allowed to talk to the agent through a chat channel (kernel's PairedUser). */
export type PairedUserView = z.infer<typeof pairedUserSchema>;

const pendingPairingSchema = z.object({
  code: z.string(),
  channel: z.string(),
  userId: z.string(),
  chatId: z.string(),
  name: z.string(),
  requestedAt: z.string(),
});
/** A pairing code waiting for the operator's approval (mirrors runtime's PendingPairing). */
export type PendingPairingView = z.infer<typeof pendingPairingSchema>;

export const pairingListSchema = z.object({
  paired: z.array(pairedUserSchema),
  pending: z.array(pendingPairingSchema),
});
export type PairingListView = z.infer<typeof pairingListSchema>;

export const doctorReportSchema = z.object({
  score: z.number(),
  healthy: z.boolean(),
  checks: z.array(z.string()),
  findings: z.array(
    z.object({
      check: z.string(),
      severity: z.enum(["error", "warn", "info"]),
      message: z.string(),
      fix: z.string().optional(),
    }),
  ),
  fixed: z.array(z.string()),
  stats: z.object({
    sessions: z.number(),
    messages: z.number(),
    segments: z.record(z.string(), z.number()),
    vectors: z.number(),
    pendingVectors: z.number(),
    memoryLogEntries: z.number(),
    corruptLines: z.number(),
  }),
});
/** `kern doctor`'s report as the daemon sends it (mirrors memory's DoctorReport). */
export type DoctorReportView = z.infer<typeof doctorReportSchema>;
