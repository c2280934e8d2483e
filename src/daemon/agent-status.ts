// `kern status` without a daemon: the offline facts read from the files.
import { agentPaths, loadConfig } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import { countMessageTokens } from "../memory/text/count-tokens.js";
import { openAgentStore } from "../store/index.js";
import { withFolderLock } from "./folder-guard.js";

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
  return withFolderLock(agentDir, "read the agent's status", () => readStatus(agentDir, env));
}

async function readStatus(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<OfflineStatus> {
  const config = await loadConfig({ agentDir, env });
  const store = openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
    sessionScan: "tail",
  });
  try {
    const session = store.sessionLog.sessionId;
    const stats = store.messages.sessionTotals(session);
    return {
      running: false,
      agent: config.agentName,
      agentDir: config.agentDir,
      model: config.model,
      provider: config.provider,
      port: config.port,
      session: { id: session, messages: stats.count, tokens: stats.tokens },
      segments: store.segments.countsByLevel({ withoutSubagents: true }),
    };
  } finally {
    store.close();
  }
}
