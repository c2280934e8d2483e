// Accepted messages, durable before the API answers (issue 18, hole 6): `.kern/queue.jsonl` holds
// one `queued` line per accepted turn and one `done` line once the turn has run (or was
// cancelled). After a crash or a stop, the turns without `done` are replayed in order. A turn whose
// user message reached the session log already ran (a crash cut it short) and is not replayed.
import { existsSync, renameSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { type Envelope, parseJsonOrUndefined } from "../kernel/index.js";
import { JsonlAppender, scanJsonlFile } from "./jsonl-file.js";
import { guardWrite, isWriteFailure } from "./write-failure.js";

const envelopeSchema = z.object({
  text: z.string(),
  interface: z.enum(["cli", "web", "telegram", "tui", "import", "system", "subagent", "process"]),
  channel: z.string().optional(),
  user: z.string().optional(),
  name: z.string().optional(),
  ts: z.string(),
});

const lineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("queued"), turnId: z.string(), envelope: envelopeSchema }),
  z.object({ type: z.literal("done"), turnId: z.string() }),
]);

export interface QueuedTurnEntry {
  turnId: string;
  envelope: Envelope;
}

/** Lines after which an empty queue's file is cut back to nothing. */
const COMPACT_AFTER_LINES = 1000;

export class TurnQueueFile {
  private appender: JsonlAppender;
  private lines = 0;
  /** `done` lines a full disk kept out of the file; written before the next line. */
  private unwrittenDone: string[] = [];

  private constructor(
    private readonly path: string,
    private readonly pendingAtOpen: QueuedTurnEntry[],
  ) {
    this.rewrite(pendingAtOpen);
    this.appender = new JsonlAppender(path);
  }

  /** Opens the file, reads the turns that never ran, and rewrites it holding only those. */
  static open(path: string): TurnQueueFile {
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
    return new TurnQueueFile(path, [...pending.values()]);
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
  }

  /** Records that a turn ran or was cancelled (no fsync: a replay after a crash is checked). */
  done(turnId: string): void {
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

  /** Cuts the file back to nothing when no turn waits and it has grown (call when idle). */
  compactIfIdle(): void {
    if (this.lines < COMPACT_AFTER_LINES || this.unwrittenDone.length > 0) return;
    this.appender.close();
    try {
      this.rewrite([]);
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
    writeFileSync(`${this.path}.tmp`, text.join(""), { mode: 0o600 });
    renameSync(`${this.path}.tmp`, this.path);
    this.lines = entries.length;
  }
}
