// The index check at start (issue 33 item 7, issue 32): SQLite's quick_check reads every page of
// kern.db (0.4 s at 20k messages, tens of seconds at a million), so:
// - a kern.db that no one touched since a clean stop is not checked again: the stop leaves a stamp
//   (size, mtime, inode; no write-ahead log), and a start that finds the file as stamped skips the
//   check. A crash, `kern import`, or anything that writes the file changes it, and it is checked;
// - the check runs in a worker thread beside the daemon's own start, which waits for it at most
//   START_WAIT_MS once ready (not at all past WAIT_UP_TO_BYTES): damage in an everyday kern.db
//   still stops `kern start` with the fix, and a year-sized one no longer delays the first
//   answer; damage found later stops the daemon with the same message (daemon.out, kern.log).
//   ADR 0012.
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { parseJsonOrUndefined } from "../kernel/index.js";
import { checkIndexFileInWorker } from "../store/index.js";

/** How long a ready daemon still waits for the check before it answers (and checks on). */
const START_WAIT_MS = 1_000;
/**
 * A kern.db larger than this is not waited for at all: quick_check reads ~250 MB/s here, so the
 * wait could not cover it (a million messages: 4.4 GB), and the start would only lose the second.
 */
const WAIT_UP_TO_BYTES = 256 * 1024 * 1024;

export interface IndexCheckAtStart {
  /** Throws the damage found so far or within `waitMs`; true when the check is still running. */
  settle(waitMs?: number): Promise<boolean>;
  /** Calls `onDamage` when a check still running finds damage (not for a rebuilt file). */
  onLateDamage(onDamage: (error: Error) => void): void;
  /** After a clean stop (kern.db closed): stamps the file when it passed (or skipped) the check. */
  stampIfClean(): void;
}

const stampSchema = z.object({ size: z.number(), mtimeMs: z.number(), ino: z.number() });
type Stamp = z.infer<typeof stampSchema>;

function stampOf(database: string): Stamp | null {
  const stats = statSync(database, { throwIfNoEntry: false });
  const wal = statSync(`${database}-wal`, { throwIfNoEntry: false });
  if (!stats || (wal && wal.size > 0)) return null;
  return { size: stats.size, mtimeMs: stats.mtimeMs, ino: stats.ino };
}

function readStamp(file: string): Stamp | null {
  // No stamp, or one that is not ours, means "check the file": never a reason to skip it.
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return null;
  }
  const parsed = stampSchema.safeParse(parseJsonOrUndefined(text));
  return parsed.success ? parsed.data : null;
}

function unchanged(database: string, stampFile: string): boolean {
  const stamp = readStamp(stampFile);
  const now = stampOf(database);
  return (
    stamp !== null &&
    now !== null &&
    stamp.size === now.size &&
    stamp.mtimeMs === now.mtimeMs &&
    stamp.ino === now.ino
  );
}

export function startIndexCheck(database: string, stampFile: string): IndexCheckAtStart {
  const skip = unchanged(database, stampFile);
  rmSync(stampFile, { force: true }); // a crash from here on leaves no stamp: checked next time
  const stats = statSync(database, { throwIfNoEntry: false });
  const inode = stats?.ino ?? null;
  const size = stats?.size ?? 0;
  let outcome: { error: Error | null } | null = skip ? { error: null } : null;
  const check = skip
    ? Promise.resolve()
    : checkIndexFileInWorker(database).then(
        () => {
          outcome = { error: null };
        },
        (error: unknown) => {
          // The open rebuilt kern.db meanwhile (it disagreed with the log): the finding is stale.
          const stale = (statSync(database, { throwIfNoEntry: false })?.ino ?? null) !== inode;
          const found = error instanceof Error ? error : new Error(String(error));
          outcome = { error: stale ? null : found };
        },
      );
  const current = () => outcome as { error: Error | null } | null;
  return {
    async settle(waitMs = size <= WAIT_UP_TO_BYTES ? START_WAIT_MS : 0) {
      let timer: NodeJS.Timeout | undefined;
      const waited = new Promise<void>((resolve) => {
        timer = setTimeout(resolve, waitMs);
      });
      await Promise.race([check, waited]);
      clearTimeout(timer);
      const settled = current();
      if (settled?.error) throw settled.error;
      return settled === null;
    },
    onLateDamage(onDamage) {
      void check.then(() => {
        const settled = current();
        if (settled?.error) onDamage(settled.error);
      });
    },
    stampIfClean() {
      const stamp = current()?.error === null ? stampOf(database) : null;
      if (stamp) writeFileSync(stampFile, `${JSON.stringify(stamp)}\n`, { mode: 0o600 });
    },
  };
}
