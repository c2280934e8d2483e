// `POST /backup/cut`: asks the running daemon for a backup's cut (protocol/backup-schemas.ts).
// A function of its own rather than a DaemonClient method: only `kern backup` calls it.
import { type BackupCutView, backupCutSchema } from "../protocol/index.js";
import { createDaemonRequester } from "./daemon-requester.js";
import { httpTransport } from "./plain-request.js";

/** The cut the daemon at `baseUrl` took. Throws DaemonError (not running, refused, bad answer). */
export function requestBackupCut(options: {
  baseUrl: string;
  token: string;
}): Promise<BackupCutView> {
  const requester = createDaemonRequester({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    token: options.token,
    transport: httpTransport,
    timeoutMs: 30_000,
  });
  return requester.postJson("/backup/cut", {}, backupCutSchema);
}
