// For the sandbox's tests (SPEC §16): they run against the real bubblewrap and never skip. Without
// it they fail and say how to install it (.ci/run installs it).
import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

/** Throws, saying how to install it, unless `bwrap` runs here. */
export function requireBwrap(): void {
  const run = spawnSync("bwrap", ["--ro-bind", "/", "/", "--unshare-pid", "--", "true"], {
    encoding: "utf8",
  });
  if (run.error || run.status !== 0)
    throw new Error(
      `these tests need bubblewrap: install bubblewrap (Debian/Ubuntu: sudo apt-get install bubblewrap); bwrap said: ${run.error?.message ?? run.stderr}`,
    );
}

/** Live (not zombie) processes whose command line holds `marker`, as "PID ARGS" lines. */
export function processesHolding(marker: string): string[] {
  return liveProcesses().filter((line) => line.slice(line.indexOf(" ") + 1).includes(marker));
}

/** Live processes whose command line starts with `prefix` (`sleep 71`: the sleeps themselves). */
export function processesRunning(prefix: string): string[] {
  return liveProcesses().filter((line) => line.slice(line.indexOf(" ") + 1).startsWith(prefix));
}

function liveProcesses(): string[] {
  const found: string[] = [];
  for (const name of readdirSync("/proc").filter((entry) => /^\d+$/.test(entry))) {
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      const state = stat.slice(stat.lastIndexOf(")") + 2).split(" ")[0];
      if (state === "Z" || state === "X" || Number(name) === process.pid) continue;
      const args = readFileSync(`/proc/${name}/cmdline`, "utf8").split("\0").join(" ");
      found.push(`${name} ${args}`);
    } catch {
      // it ended while we looked
    }
  }
  return found;
}
