// The processes of one started command, found from /proc: its process group, and outside the
// sandbox also every process that carries the command's tag in its environment (a child that
// called setsid left the group but kept the tag). Linux only; elsewhere the lists are empty.
import { readdirSync, readFileSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";

/** The environment variable that tags every process of a command started outside the sandbox. */
export const TREE_VARIABLE = "KERN_PROCESS_TREE";

function pids(): number[] {
  try {
    return readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .map(Number);
  } catch {
    return [];
  }
}

/** State and process group of a pid from /proc/PID/stat, or null (gone). */
function statOf(pid: number): { state: string; pgid: number } | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return { state: fields[0] ?? "", pgid: Number(fields[2]) };
  } catch {
    return null;
  }
}

/** The live (not zombie) processes of a process group. */
export function groupMembers(pgid: number): number[] {
  return pids().filter((pid) => {
    const stat = statOf(pid);
    return stat !== null && stat.state !== "Z" && stat.state !== "X" && stat.pgid === pgid;
  });
}

/** Signals every process of the group; false when the group is gone. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false;
  }
}

/** Whether the environment block holds `entry` (`NAME=value\0`) as one of its variables. */
function holds(environ: Buffer, entry: Buffer): boolean {
  return (
    environ.subarray(0, entry.length).equals(entry) ||
    environ.includes(Buffer.concat([Buffer.from("\0"), entry]))
  );
}

/**
 * Signals every live process whose environment holds `KERN_PROCESS_TREE=tag` (never this one);
 * resolves to how many there were. Asynchronous: a scan reads every process's environment (a few
 * milliseconds per hundred processes), which must not hold the event loop.
 */
export async function signalTagged(tag: string, signal: NodeJS.Signals): Promise<number> {
  const entry = Buffer.from(`${TREE_VARIABLE}=${tag}\0`);
  let names: string[];
  try {
    names = (await readdir("/proc")).filter((name) => /^\d+$/.test(name));
  } catch {
    return 0;
  }
  let found = 0;
  for (const name of names) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    try {
      if (!holds(await readFile(`/proc/${pid}/environ`), entry)) continue;
      process.kill(pid, signal);
      found += 1;
    } catch {
      // gone, not ours to read, or it ended meanwhile
    }
  }
  return found;
}
