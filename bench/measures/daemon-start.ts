// Daemon start at a size (issue 32, Build 3): `kern start DIR` as a whole process, from spawn
// until the daemon answers its API, against the agent the size run built. Target at 1M: < 3 s.
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { type CommandTiming, timeCommand } from "./cli-start.js";

const START_RUNS = 3;

function stopQuietly(root: string, agentDir: string): void {
  spawnSync(process.execPath, [join(root, "bin", "kern"), "stop", agentDir]);
}

export function timeDaemonStart(root: string, agentDir: string, runs = START_RUNS): CommandTiming {
  try {
    return timeCommand(root, ["start", agentDir], {
      runs,
      daemon: false,
      label: "kern start",
      before: () => stopQuietly(root, agentDir),
      note: "until the daemon answers",
    });
  } finally {
    stopQuietly(root, agentDir);
  }
}
