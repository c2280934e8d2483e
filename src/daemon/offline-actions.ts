// Actions the CLI performs on the files when no daemon runs: pairing approval, a new session.
import { join } from "node:path";
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import { createLogger } from "../log/index.js";
import { type PairedUser, PairingStore, type PendingPairing } from "../runtime/index.js";
import { SessionLog } from "../store/index.js";
import { commitAgentFile } from "./commit-agent-file.js";
import { withFolderLock } from "./folder-guard.js";

async function openPairingStore(agentDir: string): Promise<PairingStore> {
  await assertAgentFolder(agentDir);
  const paths = agentPaths(agentDir);
  const logger = createLogger({ level: "silent" });
  return PairingStore.open({
    pairingFile: paths.pairingFile,
    usersFile: join(paths.agentDir, "USERS.md"),
    clock: SYSTEM_CLOCK,
    onUsersWritten: (file) => commitAgentFile(paths.agentDir, file, "kern: paired users", logger),
  });
}

/** A change of who may talk to the agent (SPEC §16), made on the files (no daemon running). */
export type PairingChange =
  | { action: "revoke"; channel: string; user: string }
  | { action: "role"; channel: string; user: string; role: "operator" | "member" };

export async function changePairingOffline(
  agentDir: string,
  change: PairingChange,
): Promise<PairedUser> {
  const store = await openPairingStore(agentDir);
  return change.action === "revoke"
    ? store.revoke(change.channel, change.user)
    : store.setRole(change.channel, change.user, change.role);
}

export async function approvePairingOffline(agentDir: string, code: string): Promise<PairedUser> {
  return (await openPairingStore(agentDir)).approve(code);
}

/** Who waits to pair and who is paired, read from `.kern/pairing.json` (no daemon running). */
export async function listPairingOffline(
  agentDir: string,
): Promise<{ paired: PairedUser[]; pending: PendingPairing[] }> {
  return (await openPairingStore(agentDir)).list();
}

export async function startNewSessionOffline(agentDir: string): Promise<string> {
  await assertAgentFolder(agentDir);
  return withFolderLock(agentDir, "start a new session", async () => newSession(agentDir));
}

function newSession(agentDir: string): string {
  const log = SessionLog.open({
    sessionsDir: agentPaths(agentDir).sessionsDir,
    clock: SYSTEM_CLOCK,
  });
  try {
    return log.startNew();
  } finally {
    log.close();
  }
}
