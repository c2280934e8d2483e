// The daemon's log file with rotation (pino-roll): lines go to `kern.N.log` in the log folder, a
// new N once the file reaches `maxSize` or a day has passed, and only the newest `keep` files stay.
// `kern.log` (the name readers know: `kern logs`, the docs, error messages) is a symlink to the
// file written now, moved at every roll. A plain `kern.log` from before rotation is kept once,
// renamed to `kern.log.old`.
import { lstatSync, renameSync, symlinkSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { basename, dirname, extname, join } from "node:path";
import type { DestinationStream } from "pino";

export interface LogRotation {
  /** Roll when the file reaches this size, in pino-roll's notation: "10m", "500k". */
  maxSize: string;
  /** Roll at least this often. */
  frequency: "daily" | "hourly";
  /** Rolled files kept (the current one included); older ones are deleted. */
  keep: number;
}

/** 10 MB or a day per file, seven files: at most ~70 MB of log per agent. */
const DEFAULT_LOG_ROTATION: LogRotation = { maxSize: "10m", frequency: "daily", keep: 7 };

/** Points `link` at `target` (a name in the same folder), replacing the old link in one rename. */
function pointLink(link: string, target: string): void {
  const temporary = `${link}.${process.pid}.tmp`;
  try {
    symlinkSync(basename(target), temporary);
    renameSync(temporary, link);
  } catch {
    // a read-only or full disk: the numbered files still hold every line
  }
}

/** Moves a plain `kern.log` (written before rotation) aside, so the name can be the link. */
function adoptPlainFile(link: string): void {
  const stat = lstatSync(link, { throwIfNoEntry: false });
  if (stat && !stat.isSymbolicLink()) renameSync(link, `${link}.old`);
}

/** Opens the rotating destination whose current file `file` (e.g. `.kern/logs/kern.log`) names. */
export async function openRollingFile(
  file: string,
  rotation: LogRotation = DEFAULT_LOG_ROTATION,
): Promise<DestinationStream> {
  await mkdir(dirname(file), { recursive: true, mode: 0o700 });
  adoptPlainFile(file);
  const extension = extname(file);
  // Loaded here: pino-roll brings date-fns (~100 ms), which a one-shot CLI command never needs.
  const { default: pinoRoll } = await import("pino-roll");
  const destination = await pinoRoll({
    file: join(dirname(file), basename(file, extension)),
    extension: extension || ".log",
    size: rotation.maxSize,
    frequency: rotation.frequency,
    // pino-roll prunes as it reopens, before the new file exists: `count` old files + the new one.
    limit: { count: Math.max(1, rotation.keep - 1), removeOtherLogFiles: true },
    mkdir: true,
    mode: 0o600,
    sync: false,
  });
  pointLink(file, destination.file);
  // SonicBoom says 'ready' each time it opens a file: at start and after every roll.
  destination.on("ready", () => pointLink(file, destination.file));
  // A failed write (a full disk) must not crash the process: the lines stay buffered and the next
  // write tries again.
  destination.on("error", () => undefined);
  return destination;
}
