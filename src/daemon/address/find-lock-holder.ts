// The daemon without its pid file (issue 33 item 6): a deleted `.kern/daemon.pid` must not leave a
// daemon nobody can stop. The daemon keeps `.kern/daemon.lock` open for its whole life, so the
// process that holds that file open (found through /proc/<pid>/fd, Linux) and runs `kern run` is
// it. Only processes of this user can be inspected; others are skipped.
import { readdirSync, readFileSync, readlinkSync, realpathSync } from "node:fs";
import { join } from "node:path";

/** Pids (not this process) that hold `file` open; empty without /proc or when nobody does. */
export function findProcessesHolding(file: string): number[] {
  let target: string;
  let pids: string[];
  try {
    target = realpathSync(file);
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const holders: number[] = [];
  for (const name of pids) {
    const pid = Number(name);
    if (pid === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(join("/proc", name, "fd"));
    } catch {
      continue; // another user's process, or gone
    }
    for (const fd of fds) {
      let link = "";
      try {
        link = readlinkSync(join("/proc", name, "fd", fd));
      } catch {
        continue;
      }
      if (link === target) {
        holders.push(pid);
        break;
      }
    }
  }
  return holders;
}

/** The pid of the `kern run` process holding `lockFile`, or null. */
export function findDaemonByLock(lockFile: string): number | null {
  for (const pid of findProcessesHolding(lockFile)) {
    let args: string[];
    try {
      args = readFileSync(`/proc/${pid}/cmdline`, "utf8").split("\u0000");
    } catch {
      continue;
    }
    if (args.includes("run")) return pid;
  }
  return null;
}
