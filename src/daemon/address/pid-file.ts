// The daemon's pid file: written with exclusive create by the daemon itself and removed only by
// its owner (LESSONS #13). A stale file (dead pid, or a pid the OS gave to another process since)
// is ignored: the record carries the process's start time from /proc, checked before any trust.
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { z } from "zod";
import { DaemonError, parseJsonOrUndefined } from "../../kernel/index.js";

const pidRecordSchema = z.object({
  pid: z.number().int(),
  port: z.number().int().nullable(),
  startedAt: z.string(),
  /** Field 22 of /proc/PID/stat (start time in clock ticks since boot); absent off Linux. */
  procStart: z.string().optional(),
});
export type PidRecord = z.infer<typeof pidRecordSchema>;

/** The record in `text`, or null for a torn or foreign file (a crash mid-write). */
function parsePidRecord(text: string): PidRecord | null {
  const parsed = pidRecordSchema.safeParse(parseJsonOrUndefined(text));
  return parsed.success ? parsed.data : null;
}

/** The process's start time from /proc/PID/stat, or null where there is no /proc or no such pid. */
export function processStartTicks(pid: number): string | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return fields[19] ?? null; // field 22 overall = index 19 after pid, comm and state
  } catch {
    return null;
  }
}

const HAS_PROC = processStartTicks(process.pid) !== null;

/**
 * True for a zombie: a process that died (kill -9 included) but whose parent has not reaped it yet
 * — it still answers kill(pid, 0), yet it serves nothing and holds no lock.
 */
function isZombie(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
    return state === "Z" || state === "X";
  } catch {
    return false; // no /proc: kill(pid, 0) alone decides
  }
}

/** Alive, and the same process that wrote the record (not a later one that inherited the pid). */
function isSameProcess(record: PidRecord): boolean {
  if (!isAlive(record.pid) || isZombie(record.pid)) return false;
  if (!HAS_PROC) return true;
  return record.procStart !== undefined && processStartTicks(record.pid) === record.procStart;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** The running daemon's record, or null when there is none (or only a stale file). */
export function readPidFile(path: string): PidRecord | null {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch {
    return null; // no pid file: not running
  }
  const record = parsePidRecord(text); // a torn pid file from a crash: treat as not running
  return record && isSameProcess(record) ? record : null;
}

/** Writes our pid file; fails when another live daemon owns it. */
export function writePidFile(path: string, record: PidRecord): void {
  const existing = readPidFile(path);
  if (existing && existing.pid !== record.pid) {
    throw new DaemonError(
      "KERN_DAEMON_START_FAILED",
      `another daemon (pid ${existing.pid}) runs for this agent; stop it with 'kern stop'`,
    );
  }
  if (!existing) rmSync(path, { force: true });
  const procStart = processStartTicks(record.pid) ?? undefined;
  writeFileSync(path, JSON.stringify({ ...record, procStart }), {
    flag: existing ? "w" : "wx",
    mode: 0o600,
  });
}

/** Removes the pid file only if it is still ours. */
export function removePidFile(path: string, pid: number): void {
  try {
    const record = parsePidRecord(readFileSync(path, "utf8"));
    if (record?.pid === pid) rmSync(path, { force: true });
  } catch {
    // already gone or unreadable: nothing of ours to remove
  }
}

export function assertDaemonStopped(pidFile: string, action: string): void {
  const running = readPidFile(pidFile);
  if (running) {
    throw new DaemonError(
      "KERN_DAEMON_API",
      `the daemon (pid ${running.pid}) is running and is the only writer; stop it with 'kern stop' before ${action}`,
    );
  }
}
