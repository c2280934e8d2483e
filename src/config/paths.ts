// Where everything of one agent folder lives (SPEC §2). The only file that knows the layout.
import { join, resolve } from "node:path";

export interface AgentPaths {
  agentDir: string;
  kernDir: string;
  configFile: string;
  envFile: string;
  sessionsDir: string;
  memoryLog: string;
  database: string;
  logsDir: string;
  logFile: string;
  pidFile: string;
  pairingFile: string;
  notesDir: string;
  knowledgeDir: string;
}

/** The paths of the agent folder `agentDir` (resolved to an absolute path). */
export function agentPaths(agentDir: string): AgentPaths {
  const root = resolve(agentDir);
  const kernDir = join(root, ".kern");
  return {
    agentDir: root,
    kernDir,
    configFile: join(kernDir, "config.json"),
    envFile: join(kernDir, ".env"),
    sessionsDir: join(kernDir, "sessions"),
    memoryLog: join(kernDir, "memory.jsonl"),
    database: join(kernDir, "kern.db"),
    logsDir: join(kernDir, "logs"),
    logFile: join(kernDir, "logs", "kern.log"),
    pidFile: join(kernDir, "daemon.pid"),
    pairingFile: join(kernDir, "pairing.json"),
    notesDir: join(root, "notes"),
    knowledgeDir: join(root, "knowledge"),
  };
}
