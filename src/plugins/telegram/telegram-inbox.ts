// Telegram's durable inbox (issue 49 item 7): `.kern/telegram-inbox.jsonl` (0600) holds one
// `update` line per message taken from getUpdates, fsynced before grammY's next getUpdates
// confirms its offset, and one `done` line once it was handled. Messages are handled per chat
// concurrently, so a slow one (a photo described for 20 s) is confirmed to Telegram long before it
// is handled: after a kill -9 the Bot API never gives it again, and only this file still has it.
// At start the updates without `done` are replayed, oldest first.
//
// Chosen over confirming the offset only up to the oldest update not yet handled: that needs a
// poll loop of our own in place of grammY's, re-fetches every later update on each poll while a
// slow one runs, and still needs a durable record of what was handled after it — else a restart
// handles those twice. This file is that record and nothing more.
//
// Never twice: the last SEEN_KEPT update ids are kept (a `seen` line after a compaction). Telegram
// re-sends only the updates of a batch whose offset was not confirmed (at most 100, grammY's
// getUpdates limit), so one recorded already is a re-delivery and is dropped. A set, not a
// high-water mark: after a week without updates Telegram may start the ids anywhere.
import {
  closeSync,
  existsSync,
  fstatSync,
  fsyncSync,
  ftruncateSync,
  openSync,
  readFileSync,
  writeSync,
} from "node:fs";
import { z } from "zod";
import { parseJsonOrUndefined } from "../../kernel/index.js";
import { guardWrite, writeFileAtomic } from "../../store/index.js";
import type { IncomingTelegramMessage } from "./to-envelope.js";

/** Update ids remembered against re-delivery: ten times a getUpdates batch. */
const SEEN_KEPT = 1000;
/** Lines after which the file is rewritten holding only what is not done and the seen ids. */
const COMPACT_AFTER_LINES = 1000;

const lineSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("update"),
    updateId: z.number().int(),
    message: z.object({ chat: z.object({ id: z.number(), type: z.string() }) }).passthrough(),
  }),
  z.object({ type: z.literal("done"), updateId: z.number().int() }),
  z.object({ type: z.literal("seen"), updateIds: z.array(z.number().int()) }),
]);

export interface InboxEntry {
  updateId: number;
  message: IncomingTelegramMessage;
}

export class TelegramInbox {
  /** Taken and not yet handled, oldest first (a Map keeps insertion order). */
  private readonly outstanding = new Map<number, InboxEntry>();
  private readonly seen = new Set<number>();
  private readonly pendingAtOpen: InboxEntry[];
  private descriptor: number | null = null;
  private lines = 0;

  /** `path` null: kept in memory only (a bot made without an agent folder, in tests). */
  private constructor(private readonly path: string | null) {
    if (path !== null && existsSync(path)) this.read(path);
    this.pendingAtOpen = [...this.outstanding.values()];
    this.compactNow();
  }

  static open(path: string | null): TelegramInbox {
    return new TelegramInbox(path);
  }

  /** The messages taken before the last stop or crash and never handled, oldest first. */
  get pending(): readonly InboxEntry[] {
    return this.pendingAtOpen;
  }

  /**
   * Records a message durably (fsync) before its offset is confirmed. False when this update
   * was recorded already: Telegram gave it again after a restart, and it is not handled twice.
   * A full disk throws KERN_DISK_FULL (the caller handles the message anyway).
   */
  take(entry: InboxEntry): boolean {
    if (this.seen.has(entry.updateId)) return false;
    this.remember(entry.updateId);
    this.outstanding.set(entry.updateId, entry);
    this.append({ type: "update", ...entry }, true);
    return true;
  }

  /** Records that a message was handled (no fsync: a `done` lost to a crash replays it). */
  done(updateId: number): void {
    if (!this.outstanding.delete(updateId)) return;
    try {
      this.append({ type: "done", updateId }, false);
      if (this.lines >= COMPACT_AFTER_LINES) this.compactNow();
    } catch {
      // a full disk: the message replays after a restart, which the runtime's queue tolerates
    }
  }

  close(): void {
    if (this.descriptor !== null) closeSync(this.descriptor);
    this.descriptor = null;
  }

  private read(path: string): void {
    for (const text of readFileSync(path, "utf8").split("\n")) {
      const parsed = lineSchema.safeParse(parseJsonOrUndefined(text));
      if (!parsed.success) continue; // a torn last line: its update was never confirmed
      const line = parsed.data;
      if (line.type === "seen") for (const id of line.updateIds) this.remember(id);
      else if (line.type === "done") this.outstanding.delete(line.updateId);
      else {
        this.remember(line.updateId);
        const message = line.message as unknown as IncomingTelegramMessage;
        this.outstanding.set(line.updateId, { updateId: line.updateId, message });
      }
    }
  }

  private remember(updateId: number): void {
    this.seen.delete(updateId);
    this.seen.add(updateId);
    if (this.seen.size > SEEN_KEPT) {
      const oldest = this.seen.values().next().value;
      if (oldest !== undefined) this.seen.delete(oldest);
    }
  }

  private append(line: unknown, sync: boolean): void {
    if (this.path === null) return;
    const path = this.path;
    guardWrite(path, () => {
      const descriptor = this.descriptor ?? openSync(path, "a", 0o600);
      this.descriptor = descriptor;
      const before = fstatSync(descriptor).size;
      try {
        writeSync(descriptor, `${JSON.stringify(line)}\n`);
        if (sync) fsyncSync(descriptor);
      } catch (error) {
        // A partial line would tear the next one too: cut it away.
        ftruncateSync(descriptor, before);
        throw error;
      }
    });
    this.lines += 1;
  }

  /** Temp file + rename (writeFileAtomic): a crash leaves the old file or the new, both whole. */
  private compactNow(): void {
    if (this.path === null) return;
    const lines = [
      { type: "seen", updateIds: [...this.seen] },
      ...[...this.outstanding.values()].map((entry) => ({ type: "update", ...entry })),
    ];
    try {
      this.close();
      writeFileAtomic(this.path, lines.map((line) => `${JSON.stringify(line)}\n`).join(""));
      this.lines = lines.length;
    } catch {
      // a full disk: the file keeps growing until a compaction fits
    }
  }
}
