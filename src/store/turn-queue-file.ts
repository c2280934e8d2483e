// Accepted messages, durable before the API answers (issue 18, hole 6): `.kern/queue.jsonl` holds
// one `queued` line per accepted turn and one `done` line once the turn has run (or was
// cancelled). After a crash or a stop, the turns without `done` are replayed in order. A turn whose
// user message reached the session log already ran (a crash cut it short) and is not replayed.
import { existsSync } from "node:fs";
import { z } from "zod";
import {
  type Envelope,
  interfaceNameSchema,
  mediaAttachmentSchema,
  parseJsonOrUndefined,
  replyRouteSchema,
  turnKindSchema,
} from "../kernel/index.js";
import { writeFileAtomic } from "./atomic-file.js";
import { JsonlAppender, scanJsonlFile } from "./jsonl-file.js";
import { guardWrite, isWriteFailure } from "./write-failure.js";

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

/** Who started the chain of work: kept so a replayed turn keeps its rights (SPEC §16). */
const originSchema = z.object({
  role: z.enum(["operator", "member"]),
  channel: z.string().optional(),
  user: z.string().optional(),
  name: z.string().optional(),
});

/**
 * How a turn runs besides its envelope (a job's model, a heartbeat's light prompt, the origin and
 * depth a result turn inherits — kept, so a chain replayed after a restart stays bounded).
 */
const turnOptionsSchema = z.object({
  kind: turnKindSchema.optional(),
  origin: originSchema.optional(),
  model: z.string().optional(),
  maxContextTokens: z.number().int().positive().optional(),
  toolScope: z.enum(["full", "write", "read"]).optional(),
  depth: z.number().int().min(0).optional(),
});

const lineSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("queued"),
    turnId: z.string(),
    envelope: envelopeSchema,
    options: turnOptionsSchema.optional(),
  }),
  z.object({ type: z.literal("done"), turnId: z.string() }),
]);

export type QueuedTurnOptions = z.infer<typeof turnOptionsSchema>;

export interface QueuedTurnEntry {
  turnId: string;
  envelope: Envelope;
  /** Absent for a person's message. */
  options?: QueuedTurnOptions;
}

/** Lines after which the file is rewritten holding only the turns not yet done. */
export const COMPACT_AFTER_LINES = 1000;

export class TurnQueueFile {
  private appender: JsonlAppender;
  private lines = 0;
  /** `done` lines a full disk kept out of the file; written before the next line. */
  private unwrittenDone: string[] = [];
  /**
   * Every accepted turn without a `done` line, in order: what a compaction must keep. The file
   * itself knows, so no caller's view of the queue (emptied by a stop, say) can erase a turn
   * (issue 33, hole 2: a compaction after `kern stop` dropped every queued message).
   */
  private readonly outstanding = new Map<string, QueuedTurnEntry>();

  private constructor(
    private readonly path: string,
    private readonly pendingAtOpen: QueuedTurnEntry[],
    private readonly compactAfterLines: number,
  ) {
    for (const entry of pendingAtOpen) this.outstanding.set(entry.turnId, entry);
    this.rewrite(pendingAtOpen);
    this.appender = new JsonlAppender(path);
  }

  /** Opens the file, reads the turns that never ran, and rewrites it holding only those. */
  static open(path: string, options: { compactAfterLines?: number } = {}): TurnQueueFile {
    const pending = new Map<string, QueuedTurnEntry>();
    if (existsSync(path)) {
      scanJsonlFile(
        path,
        ({ text }) => {
          const parsed = lineSchema.safeParse(parseJsonOrUndefined(text));
          if (!parsed.success) return; // a torn or foreign line: nothing accepted is in it
          if (parsed.data.type === "queued") pending.set(parsed.data.turnId, parsed.data);
          else pending.delete(parsed.data.turnId);
        },
        { repair: true },
      );
    }
    return new TurnQueueFile(
      path,
      [...pending.values()],
      options.compactAfterLines ?? COMPACT_AFTER_LINES,
    );
  }

  /** The turns accepted before the last stop or crash that never ran, oldest first. */
  get pending(): readonly QueuedTurnEntry[] {
    return this.pendingAtOpen;
  }

  /** Records an accepted turn durably (fsync) — call before answering the caller. */
  queued(entry: QueuedTurnEntry): void {
    const done = this.unwrittenDone.map((turnId) => ({ type: "done", turnId }));
    // A full disk refuses the message (KERN_DISK_FULL) before the caller hears it was accepted.
    guardWrite(this.path, () => {
      this.appender.append([...done, { type: "queued", ...entry }]);
      this.appender.sync();
    });
    this.unwrittenDone = [];
    this.lines += done.length + 1;
    this.outstanding.set(entry.turnId, entry);
  }

  /** Records that a turn ran or was cancelled (no fsync: a replay after a crash is checked). */
  done(turnId: string): void {
    this.outstanding.delete(turnId);
    const turnIds = [...this.unwrittenDone, turnId];
    try {
      this.appender.append(turnIds.map((id) => ({ type: "done", turnId: id })));
      this.unwrittenDone = [];
      this.lines += turnIds.length;
    } catch (error) {
      // Never throws into the queue: the line is written with the next one that fits.
      if (!isWriteFailure(error)) throw error;
      this.unwrittenDone = turnIds;
    }
  }

  /** Turns accepted and not yet done, oldest first. */
  get waiting(): readonly QueuedTurnEntry[] {
    return [...this.outstanding.values()];
  }

  /**
   * Once the file has grown past COMPACT_AFTER_LINES, rewrites it (temp file + rename) holding
   * only the turns not yet done, in order. Safe at any moment: a crash leaves the old or the new
   * file, and both hold every outstanding turn.
   */
  compact(): void {
    if (this.lines < this.compactAfterLines || this.unwrittenDone.length > 0) return;
    this.appender.close();
    try {
      this.rewrite(this.waiting);
    } catch (error) {
      if (!isWriteFailure(error)) throw error; // a full disk: the old file stays, still valid
    } finally {
      this.appender = new JsonlAppender(this.path);
    }
  }

  close(): void {
    this.appender.close();
  }

  private rewrite(entries: readonly QueuedTurnEntry[]): void {
    const text = entries.map((entry) => `${JSON.stringify({ type: "queued", ...entry })}\n`);
    writeFileAtomic(this.path, text.join(""));
    this.lines = entries.length;
  }
}
