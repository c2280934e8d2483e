// One backup of an agent, wherever it runs: the CLI (the cut from the running daemon's
// `POST /backup/cut`, or taken here under the folder lock when none runs) and the daemon's
// backup jobs (the cut taken in-process). Then the archive, then `--keep N`. No model call.
import { agentPaths, assertAgentFolder, loadConfig } from "../../config/index.js";
import { isoNow, SYSTEM_CLOCK } from "../../kernel/index.js";
import { type BackupCut, takeBackupCut } from "../../store/index.js";
import { withFolderLock } from "../folder-guard.js";
import { backupPrefix, pruneBackups, resolveBackupFile } from "./backup-destination.js";
import { type BackupReport, writeBackup } from "./write-backup.js";

export interface BackupAgentOptions {
  agentDir: string;
  /** A `.tar.gz` file or a folder; default `DIR.backups/`. */
  destination?: string;
  withSecrets: boolean;
  /** Keep this agent's newest N archives in the folder, removing older ones. */
  keep?: number;
  env: Record<string, string | undefined>;
  /** The cut, when the running daemon took it; else it is taken here. */
  cut?: BackupCut;
  onProgress?: (done: number, total: number) => void;
}

export interface BackupAgentReport extends BackupReport {
  /** Older archives removed by `keep`. */
  removed: string[];
}

export async function backupAgent(options: BackupAgentOptions): Promise<BackupAgentReport> {
  await assertAgentFolder(options.agentDir);
  const config = await loadConfig({ agentDir: options.agentDir, env: options.env });
  const { file, folder } = resolveBackupFile({
    agentDir: options.agentDir,
    agentName: config.agentName,
    destination: options.destination,
    nowMs: SYSTEM_CLOCK.now(),
  });
  const cut = options.cut ?? (await cutWithoutDaemon(options.agentDir));
  const report = await writeBackup({
    agentDir: options.agentDir,
    file,
    cut,
    withSecrets: options.withSecrets,
    agentName: config.agentName,
    ...(options.onProgress ? { onProgress: options.onProgress } : {}),
  });
  const removed =
    options.keep === undefined
      ? []
      : pruneBackups({
          folder,
          prefix: backupPrefix(config.agentName, options.agentDir),
          keep: options.keep,
        });
  return { ...report, removed };
}

/**
 * The cut of an agent no daemon runs: taken holding the folder lock, so no daemon or import
 * writes meanwhile (KERN_AGENT_BUSY when one does). The lock is let go before the archive is
 * written: what is appended later lies past the cut, and a daemon may start meanwhile.
 */
function cutWithoutDaemon(agentDir: string): Promise<BackupCut> {
  return withFolderLock(agentDir, "back up", async () =>
    takeBackupCut(agentPaths(agentDir), isoNow(SYSTEM_CLOCK)),
  );
}

/** The cut a running daemon takes for this folder, in its own process (jobs, `POST /backup/cut`). */
export function takeDaemonCut(agentDir: string): BackupCut {
  return takeBackupCut(agentPaths(agentDir), isoNow(SYSTEM_CLOCK));
}
