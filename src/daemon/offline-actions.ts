// Actions the CLI performs on the files when no daemon runs: pairing approval, a new session.
import { join } from "node:path";
import { agentPaths, assertAgentFolder } from "../config/index.js";
import { SYSTEM_CLOCK } from "../kernel/index.js";
import type { PairedUser } from "../runtime/index.js";
import { PairingStore } from "../runtime/pairing-store.js";
import { SessionLog } from "../store/index.js";
import { withFolderLock } from "./folder-guard.js";

export async function approvePairingOffline(agentDir: string, code: string): Promise<PairedUser> {
  await assertAgentFolder(agentDir);
  const paths = agentPaths(agentDir);
  const store = await PairingStore.open({
    pairingFile: paths.pairingFile,
    usersFile: join(paths.agentDir, "USERS.md"),
    clock: SYSTEM_CLOCK,
  });
  return store.approve(code);
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
