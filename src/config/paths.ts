// Where everything of one agent folder lives (SPEC §2). The only file that knows the layout.
import { homedir } from "node:os";
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
  /** Present only while an import appends (see store/import-transaction.ts). */
  importMarker: string;
  /** Accepted turns not yet run (see store/turn-queue-file.ts). */
  queueFile: string;
  pairingFile: string;
  /** Sub-agents' transcripts, one session file each (`s-….jsonl`, SPEC §13). */
  subagentsDir: string;
  /** The sub-agents running now; what is left at start was interrupted. */
  subagentsFile: string;
  /** Background commands' output files (`p-….log`, 0600). */
  processesDir: string;
  /** The background commands running now (pid, process group, start time). */
  processesFile: string;
  /** Whole outputs of tool calls too long for the log (`<session>/<turn>-<call>.txt`, 0600). */
  toolOutputDir: string;
  /** The jobs and their last runs, the source of truth (see store/jobs-file.ts). */
  jobsFile: string;
  /** The heartbeat's checklist, edited by the user or the agent. */
  heartbeatFile: string;
  notesDir: string;
  knowledgeDir: string;
  /** Stored photos, voice notes and documents by content hash (SPEC §15). */
  mediaDir: string;
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
    importMarker: join(kernDir, "import.pending.json"),
    queueFile: join(kernDir, "queue.jsonl"),
    mediaDir: join(kernDir, "media"),
    pairingFile: join(kernDir, "pairing.json"),
    subagentsDir: join(kernDir, "subagents"),
    subagentsFile: join(kernDir, "subagents.json"),
    processesDir: join(kernDir, "processes"),
    processesFile: join(kernDir, "processes.json"),
    toolOutputDir: join(kernDir, "tool-output"),
    jobsFile: join(kernDir, "jobs.json"),
    heartbeatFile: join(root, "HEARTBEAT.md"),
    notesDir: join(root, "notes"),
    knowledgeDir: join(root, "knowledge"),
  };
}

/** Where a user's service definitions live: systemd user units, launchd agents (docs/operations.md). */
export interface UserServiceFolders {
  /** `$XDG_CONFIG_HOME/systemd/user`, else `~/.config/systemd/user`. */
  systemdUnits: string;
  /** `~/Library/LaunchAgents` (macOS). */
  launchAgents: string;
}

/** The folders of `userServiceFolders`, from `env` (HOME, XDG_CONFIG_HOME) or the OS's home. */
export function userServiceFolders(env: Record<string, string | undefined>): UserServiceFolders {
  const home = env["HOME"] || homedir();
  const configHome = env["XDG_CONFIG_HOME"] || join(home, ".config");
  return {
    systemdUnits: join(configHome, "systemd", "user"),
    launchAgents: join(home, "Library", "LaunchAgents"),
  };
}
