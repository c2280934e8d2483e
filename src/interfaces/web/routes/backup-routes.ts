// `POST /backup/cut` (issue 50; docs/operations.md): the daemon, the one writer of the agent's
// logs, takes a backup's cut between two appends and answers it; `kern backup` then writes the
// archive from the files itself, so the daemon does no archiving work.
import { DaemonError } from "../../../kernel/index.js";
import { backupCutSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerBackupRoutes(app: WebApp, context: WebContext): void {
  app.post("/backup/cut", { schema: { response: { 200: backupCutSchema } } }, async (request) => {
    if (!context.backup) throw new DaemonError("KERN_UNAVAILABLE", "this daemon takes no backups");
    const cut = context.backup.cut();
    request.log.info({ logs: cut.logs.length }, "backup cut taken");
    return cut;
  });
}
