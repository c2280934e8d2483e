// The daemon's runner of backup jobs (`kern backup --every`): the cut taken in this process, the
// one writer, between two appends; then the archive and `keep`. A run is no turn: no model call,
// no budget spent. Registered by the composition root (assemble-jobs.ts).
import type { ScheduledAction } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { JobActionRunner } from "../../plugins/jobs/index.js";
import { backupAgent, takeDaemonCut } from "./backup-agent.js";

export function createBackupJobRunner(options: {
  agentDir: string;
  logger: Logger;
}): JobActionRunner {
  const logger = options.logger.child({ component: "backup" });
  return {
    async run(action: ScheduledAction, job: string) {
      const report = await backupAgent({
        agentDir: options.agentDir,
        destination: `${action.folder}/`,
        withSecrets: action.withSecrets,
        ...(action.keep === null ? {} : { keep: action.keep }),
        env: {},
        cut: takeDaemonCut(options.agentDir),
      });
      logger.info(
        { job, file: report.file, bytes: report.bytes, removed: report.removed.length },
        "backup written",
      );
    },
  };
}
