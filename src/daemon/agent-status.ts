// `kern status` and friends: a client for the running daemon (token from .kern/.env), or the
// offline facts read from the files when no daemon runs.
import { agentPaths, assertAgentFolder, loadConfig, readEnvFile } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import { countMessageTokens } from "../memory/index.js";
import { openAgentStore } from "../store/index.js";
import { readPidFile } from "./pid-file.js";

export interface DaemonAddress {
  pid: number;
  port: number | null;
  url: string;
  token: string;
}

/** The running daemon's address and token, or null when it does not run. */
export async function findDaemon(agentDir: string): Promise<DaemonAddress | null> {
  await assertAgentFolder(agentDir);
  const paths = agentPaths(agentDir);
  const record = readPidFile(paths.pidFile);
  if (!record) return null;
  const token = (await readEnvFile(paths.envFile))["KERN_AUTH_TOKEN"] ?? "";
  return {
    pid: record.pid,
    port: record.port,
    url: `http://127.0.0.1:${record.port ?? 0}/`,
    token,
  };
}

export interface OfflineStatus {
  running: false;
  agent: string;
  agentDir: string;
  model: string | null;
  provider: string;
  port: number | null;
  session: { id: string; messages: number; tokens: number };
  segments: Record<string, number>;
}

/** Status from the files alone (the daemon is not running). */
export async function readOfflineStatus(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<OfflineStatus> {
  const config = await loadConfig({ agentDir, env });
  const store = openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
  try {
    const session = store.sessionLog.sessionId;
    const stats = store.messages.sessionStats(session);
    return {
      running: false,
      agent: config.agentName,
      agentDir: config.agentDir,
      model: config.model,
      provider: config.provider,
      port: config.port,
      session: { id: session, messages: stats.count, tokens: stats.tokens },
      segments: store.segments.countsByLevel(),
    };
  } finally {
    store.close();
  }
}
