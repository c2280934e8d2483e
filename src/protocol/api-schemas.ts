// The HTTP contract between the daemon (interfaces/web) and its clients (client/, the TUI, the
// web page): request bodies, the SSE event union and the error shape. zod only; no I/O.
// Namespace import: it lets the web bundle keep only the zod parts used (85 KB, not 450 KB).
import * as z from "zod";
import type { ApprovalView, MemoryState } from "../kernel/index.js";
// The file itself, not kernel/index.ts: the web page bundles this and kernel/index.ts holds Node's
// crypto (ids.ts).
import {
  interfaceNameSchema,
  mediaAttachmentSchema,
  originSchema,
  replyRouteSchema,
  turnKindSchema,
} from "../kernel/message-schemas.js";

/** Request bodies larger than this are refused with 413 (a chat message is far smaller). */
export const MAX_BODY_BYTES = 1_048_576;

/** The session cookie the web UI keeps after logging in with the token. */
export const SESSION_COOKIE = "kern_session";

/**
 * The interfaces a caller of the API may name: its own clients. Telegram, import and system
 * envelopes are made only inside the daemon, so no caller can pose as a Telegram user.
 */
const apiInterfaceSchema = z.enum(["tui", "web", "cli"], {
  error:
    "interface must be tui, web or cli; chat channels and kern's own sources (jobs, imports, …) cannot be posted",
});

export const postMessageBodySchema = z
  .object({
    /** May be empty when the message carries attachments (the caption). */
    text: z.string().max(200_000),
    interface: apiInterfaceSchema.optional(),
    channel: z.string().max(200).optional(),
    user: z.string().max(200).optional(),
    /** Ids of files stored by POST /upload (SPEC §15). */
    attachments: z
      .array(z.string().regex(/^[0-9a-f]{16}$/))
      .max(10)
      .optional(),
  })
  .refine((body) => body.text.length > 0 || (body.attachments?.length ?? 0) > 0, {
    message: "give text or attachments",
    path: ["text"],
  });
export type PostMessageBody = z.infer<typeof postMessageBodySchema>;

/** POST /upload's answer: the stored file and its reference line (what the message will say). */
export const uploadReplySchema = z.object({ media: mediaAttachmentSchema, text: z.string() });

export const postMessageReplySchema = z.object({ turnId: z.string() });
export type PostMessageReply = z.infer<typeof postMessageReplySchema>;

export const loginBodySchema = z.object({ token: z.string().min(1).max(500) });

/** POST /login/code (bearer only): a one-time code for the login form. */
export const loginCodeReplySchema = z.object({ code: z.string(), expiresAt: z.string() });
export type LoginCodeReply = z.infer<typeof loginCodeReplySchema>;

export const pairBodySchema = z.object({ code: z.string().min(1).max(50) });

/** `POST /pairing/revoke`: who to unpair (SPEC §16). */
export const pairingUserBodySchema = z.object({
  channel: z.string().min(1).max(32),
  user: z.string().min(1).max(100),
});

/** `POST /pairing/role`: a paired user made an operator or a member again. */
export const pairingRoleBodySchema = pairingUserBodySchema.extend({
  role: z.enum(["operator", "member"]),
});

/** `POST /approvals/:id`: the operator's decision on a waiting call. */
export const approvalDecisionBodySchema = z.object({ approve: z.boolean() });

export const historyQuerySchema = z.object({
  before: z.coerce.number().int().min(0).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(50),
});

export const recallQuerySchema = z.object({
  q: z.string().min(1).max(2000),
  k: z.coerce.number().int().min(1).max(100).default(10),
  /** Filters (SPEC §6): ISO timestamps, at or after `after`, before `before`. */
  after: z.string().min(1).optional(),
  before: z.string().min(1).optional(),
  role: z.enum(["user", "assistant", "tool"]).optional(),
  session: z.string().min(1).optional(),
});

export const errorBodySchema = z.object({
  error: z.object({ code: z.string(), message: z.string() }),
});

const envelopeSchema = z.object({
  text: z.string(),
  interface: interfaceNameSchema,
  channel: z.string().optional(),
  user: z.string().optional(),
  name: z.string().optional(),
  ts: z.string(),
  replyTo: replyRouteSchema.optional(),
  attachments: z.array(mediaAttachmentSchema).optional(),
  caption: z.string().optional(),
});

export const approvalViewSchema = z.object({
  id: z.string(),
  tool: z.string(),
  arguments: z.string(),
  reason: z.string(),
  askedBy: originSchema,
  turnId: z.string(),
  turnKind: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  state: z.enum(["pending", "approved", "denied", "expired"]),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
}) satisfies z.ZodType<ApprovalView>;

export const memoryStateSchema: z.ZodType<MemoryState> = z.object({
  status: z.enum(["idle", "running"]),
  pendingJobs: z.number(),
  segments: z.record(z.string(), z.number()),
  staleSegments: z.number(),
  unsegmentedMessages: z.number(),
  lastRunAt: z.string().nullable(),
  lastError: z.string().nullable(),
});

/** Every event `GET /events` sends, as `event: <type>` + `data: <json>`. Mirrors RuntimeEvent. */
/** An import's progress: the `import-progress` event and POST /import's progress lines. */
const importProgressShape = {
  phase: z.enum(["parse", "append", "embed", "segment", "summarize", "rollup"]),
  done: z.number(),
  total: z.number(),
};

/** One line of POST /import's NDJSON answer: progress, then the report or the error. */
export const importLineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), ...importProgressShape }),
  z.object({
    type: z.literal("done"),
    report: z.object({
      format: z.enum(["kern-session", "jsonl", "json-array"]),
      imported: z.number(),
      skippedSystemMessages: z.number(),
      skippedDuplicates: z.number(),
      session: z.string(),
      seqStart: z.number(),
      seqEnd: z.number(),
      ms: z.number(),
      segments: z.record(z.string(), z.number()),
      memoryMs: z.number(),
      totalMs: z.number(),
    }),
  }),
  z.object({
    type: z.literal("error"),
    error: z.object({ code: z.string(), message: z.string() }),
  }),
]);

export const streamEventSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("turn-queue"),
    turnId: z.string(),
    envelope: envelopeSchema,
    position: z.number(),
  }),
  z.object({ type: z.literal("turn-start"), turnId: z.string(), envelope: envelopeSchema }),
  z.object({ type: z.literal("text-delta"), turnId: z.string(), text: z.string() }),
  z.object({
    type: z.literal("tool-call"),
    turnId: z.string(),
    callId: z.string(),
    name: z.string(),
    arguments: z.string(),
  }),
  z.object({
    type: z.literal("tool-result"),
    turnId: z.string(),
    callId: z.string(),
    name: z.string(),
    output: z.string(),
    isError: z.boolean(),
  }),
  z.object({
    type: z.literal("turn-end"),
    turnId: z.string(),
    text: z.string(),
    stopReason: z.enum(["end", "cancelled", "error", "max-steps", "command"]),
    error: z.object({ code: z.string(), message: z.string() }).optional(),
    silent: z.boolean().optional(),
    usage: z
      .object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cachedTokens: z.number().optional(),
      })
      .optional(),
    kind: turnKindSchema.optional(),
  }),
  z.object({
    type: z.literal("model-call"),
    turnId: z.string(),
    model: z.string(),
    ms: z.number(),
    outcome: z.enum(["ok", "cancelled", "error"]),
    usage: z
      .object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cachedTokens: z.number().optional(),
      })
      .optional(),
    errorCode: z.string().optional(),
  }),
  z.object({
    type: z.literal("command-result"),
    turnId: z.string(),
    command: z.string(),
    text: z.string(),
  }),
  z.object({ type: z.literal("import-progress"), turnId: z.string(), ...importProgressShape }),
  z.object({ type: z.literal("memory-update"), state: memoryStateSchema }),
  z.object({ type: z.literal("approval-request"), approval: approvalViewSchema }),
  z.object({ type: z.literal("approval-end"), approval: approvalViewSchema }),
  z.object({
    type: z.literal("pairing-update"),
    change: z.enum(["approved", "revoked", "role"]),
    user: z.object({
      channel: z.string(),
      userId: z.string(),
      chatId: z.string(),
      name: z.string(),
      pairedAt: z.string(),
      role: z.enum(["operator", "member"]),
    }),
  }),
  z.object({
    type: z.literal("error"),
    turnId: z.string().optional(),
    code: z.string(),
    message: z.string(),
  }),
]);
export type StreamEvent = z.infer<typeof streamEventSchema>;
