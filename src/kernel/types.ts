// The shared vocabulary (glossary in docs/glossary.md): messages, envelopes, segments, events.
// Pure types, no I/O.

export type Role = "user" | "assistant" | "tool";

/**
 * Where an envelope came from: a channel's id ("tui", "web", "cli", or a registered chat channel's
 * id), or one of kern's own turn sources ("job", "heartbeat", "subagent", "process", "import",
 * "system"). Data, not a closed type: a new channel adds no case here (STYLE, registries).
 */
export type InterfaceName = string;

/** Where a turn's reply goes: a channel, and within it a chat and a user when it has them. */
export interface ReplyRoute {
  channel: string;
  chat?: string;
  user?: string;
}

/**
 * What put a turn in the queue: `"message"` is a person's; every other kind is a turn source a
 * plugin registered (`host.registerTurnKind`) or the core's own `"approval"`. Data, not a list.
 */
export type TurnKind = string;

/** Who a person is to the agent (SPEC §16): the operator holds the token; a member was paired. */
export type ActorRole = "operator" | "member";

/**
 * Who started a chain of work: the person whose message began it (a job they made, a sub-agent
 * their turn spawned, …). Unattended work keeps its origin's rights (SPEC §16).
 */
export interface Origin {
  role: ActorRole;
  channel?: string;
  user?: string;
  name?: string;
}

/** One tool call requested by the model, in the OpenAI chat shape. */
export interface ToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/** Who and where a message came from (the envelope), plus bookkeeping. */
export interface MessageMeta {
  interface?: InterfaceName;
  channel?: string;
  user?: string;
  name?: string;
  turnId?: string;
  sourceId?: string;
  /** Tool name, on tool results. */
  tool?: string;
  /** Set on the tool result kern writes for a turn a crash interrupted. */
  interrupted?: boolean;
  /** Set on an assistant reply cut off mid-stream (a stall, a dropped connection, a cancel). */
  partial?: boolean;
  /** Set on a reply that was exactly `NO_REPLY`: kept in the log, delivered nowhere. */
  silent?: boolean;
  /** The turn's kind when it is not a person's message (a job, a heartbeat, …). */
  kind?: TurnKind;
  /** Set on a member's message (SPEC §16); the operator's carry none. */
  role?: ActorRole;
  usage?: TokenUsage;
  model?: string;
  /** Files the message carries (photos, voice notes, documents; SPEC §15). */
  attachments?: MediaAttachment[];
  /** With attachments: the sender's own words (the content also holds the files' lines). */
  caption?: string;
  /**
   * On a tool result stored cut (head and tail): the whole output's size in UTF-8 bytes and the
   * private file holding it, relative to `.kern/` (absent when it could not be written).
   */
  toolOutput?: { bytes: number; file?: string };
}

export type MediaKind = "image" | "voice" | "audio" | "document";

/** A stored file a message carries; `mediaAttachmentSchema` in message-schemas.ts parses it. */
export interface MediaAttachment {
  id: string;
  kind: MediaKind;
  mediaType: string;
  name: string;
  /** Relative to the agent folder: `.kern/media/<id>.<ext>`. */
  file: string;
  bytes: number;
  pages?: number;
  durationSeconds?: number;
  textFile?: string;
  /** A voice note's or audio file's transcript (also in the message text), for the UIs. */
  transcript?: string;
}

export interface TokenUsage {
  inputTokens: number;
  outputTokens: number;
  cachedTokens?: number;
}

/** One message of a session: one `message` entry of the session log. `seq` counts from 0. */
export interface SessionMessage {
  seq: number;
  ts: string;
  role: Role;
  /** Text content; null for an assistant message that only calls tools. */
  content: string | null;
  toolCalls?: ToolCall[];
  toolCallId?: string;
  meta?: MessageMeta;
}

/** A message before it has a place in the log (no seq yet). */
export type NewMessage = Omit<SessionMessage, "seq">;

/** The one inbound contract: text from an interface, with who sent it and when. */
export interface Envelope {
  text: string;
  interface: InterfaceName;
  channel?: string;
  user?: string;
  name?: string;
  ts: string;
  /** Where the reply goes when not back where the envelope came from (a job's channel). */
  replyTo?: ReplyRoute;
  /** Files stored at intake; the text already holds their reference lines. */
  attachments?: MediaAttachment[];
  /** With attachments: the sender's own words, without the files' lines. */
  caption?: string;
  /** The sender's role, set by the runtime when it accepts the envelope (never by a channel). */
  role?: ActorRole;
}

/** How a summary was made: `extractive` or `llm:<model>`. */
export type SummaryMethod = string;

/**
 * A run of messages `[seqStart, seqEnd)` of one session at one level. Level 0 segments tile the
 * session; a level k+1 rollup covers exactly its 10 contiguous level-k children.
 */
export interface Segment {
  id: string;
  session: string;
  level: number;
  seqStart: number;
  seqEnd: number;
  parentId: string | null;
  /** Tokens of the raw messages the segment covers. */
  tokenCount: number;
  summary: string | null;
  summaryTokens: number;
  method: SummaryMethod | null;
  firstTs: string;
  lastTs: string;
  /** True when the summary must be remade (extractive stand-in, or a failed job). */
  stale: boolean;
}

export type TurnStopReason = "end" | "cancelled" | "error" | "max-steps" | "command";

/** Events a runtime emits for its subscribers (interfaces). Noun-verb, closed by `turn-end`. */
export type RuntimeEvent =
  | { type: "turn-queue"; turnId: string; envelope: Envelope; position: number }
  | { type: "turn-start"; turnId: string; envelope: Envelope }
  | { type: "text-delta"; turnId: string; text: string }
  | { type: "tool-call"; turnId: string; callId: string; name: string; arguments: string }
  | {
      type: "tool-result";
      turnId: string;
      callId: string;
      name: string;
      output: string;
      isError: boolean;
    }
  | {
      type: "turn-end";
      turnId: string;
      text: string;
      stopReason: TurnStopReason;
      error?: { code: string; message: string };
      /** The reply was exactly `NO_REPLY`: no channel delivers it. */
      silent?: boolean;
      /** Tokens the turn's model calls used, summed over its steps. */
      usage?: TokenUsage;
      kind?: TurnKind;
    }
  | {
      /** One model call of a turn's step has ended (for metrics and traces). */
      type: "model-call";
      turnId: string;
      model: string;
      /** From the request to the response's end. */
      ms: number;
      outcome: "ok" | "cancelled" | "error";
      /** Absent when the endpoint reported none. */
      usage?: TokenUsage;
      errorCode?: string;
    }
  | { type: "command-result"; turnId: string; command: string; text: string }
  | {
      type: "import-progress";
      turnId: string;
      phase: ImportPhase;
      done: number;
      total: number;
    }
  | { type: "memory-update"; state: MemoryState }
  | { type: "pairing-update"; change: "approved" | "revoked" | "role"; user: PairedUser }
  | { type: "approval-request"; approval: ApprovalView }
  | { type: "approval-end"; approval: ApprovalView }
  | { type: "error"; turnId?: string; code: string; message: string };

/** A tool call parked until the operator decides (SPEC §16). */
export interface ApprovalView {
  id: string;
  tool: string;
  /** The call's arguments as the model wrote them (JSON text), secrets redacted. */
  arguments: string;
  /** Why it needs a yes: "a member's turn", "unattended work", … */
  reason: string;
  /** Who asked: the turn's sender or the origin of the unattended work. */
  askedBy: Origin;
  turnId: string;
  turnKind: TurnKind;
  createdAt: string;
  expiresAt: string;
  state: "pending" | "approved" | "denied" | "expired";
  /** Who decided ("operator via web", "operator telegram:42"), once decided. */
  decidedBy: string | null;
  decidedAt: string | null;
}

/**
 * The phases of an import, in order: parse (validating the whole file; done and total in MB),
 * append + index (messages), then the memory pipeline's.
 */
export type ImportPhase = "parse" | "append" | "embed" | "segment" | "summarize" | "rollup";

/** The memory worker's state, as shown by status lines and `/status`. */
export interface MemoryState {
  status: "idle" | "running";
  pendingJobs: number;
  segments: Record<string, number>;
  staleSegments: number;
  unsegmentedMessages: number;
  lastRunAt: string | null;
  lastError: string | null;
}

/** A person allowed to talk to the agent through a chat channel. */
export interface PairedUser {
  /** The channel's id ("telegram"). */
  channel: string;
  userId: string;
  chatId: string;
  name: string;
  pairedAt: string;
  /** A member, or an operator promoted with `kern pair --operator CHANNEL:USER` (SPEC §16). */
  role: ActorRole;
}

export interface PendingPairing {
  code: string;
  channel: string;
  userId: string;
  chatId: string;
  name: string;
  requestedAt: string;
}

/** An envelope as an interface hands it in; the runtime stamps `ts` when it is missing. */
export type InboundEnvelope = Omit<Envelope, "ts"> & { ts?: string };
