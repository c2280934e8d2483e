// `kern backup DIR [FOLDER] --every DURATION`: a job whose run is a backup, not a prompt (no
// model call, no unattended budget), through the daemon's API or the jobs file.
import { UsageError } from "../kernel/index.js";
import { parseKeep } from "./backup-lines.js";
import type { CliContext } from "./cli-context.js";
import { connectDaemon } from "./daemon-command.js";
import { loadDaemon } from "./load-daemon.js";

export interface BackupFlags {
  withSecrets?: boolean;
  keep?: string;
  every?: string;
  name: string;
  json?: boolean;
}

export async function scheduleBackup(
  context: CliContext,
  dir: string,
  destination: string | undefined,
  flags: BackupFlags,
): Promise<void> {
  if (destination?.endsWith(".tar.gz"))
    throw new UsageError("--every writes a new archive each run: give a folder, not a file");
  const keep = parseKeep(flags.keep) ?? null;
  const daemonLayer = await loadDaemon();
  const folder = daemonLayer.resolveBackupFolder(dir, destination);
  const withSecrets = flags.withSecrets === true;
  const body = {
    name: flags.name,
    prompt: `(kern backup to ${folder}${keep ? `, keeping the newest ${keep}` : ""}; no model call)`,
    every: flags.every,
    action: { kind: "backup" as const, folder, keep, withSecrets },
  };
  const daemon = await connectDaemon(dir);
  const job = daemon
    ? await daemon.client.jobAdd(body)
    : await daemonLayer.changeJobOffline(
        { agentDir: dir, env: context.env },
        { action: "add", input: { ...body, createdBy: "cli" } },
      );
  if (flags.json) return context.output.json(job);
  context.output.line(`added ${job?.name}: backup ${job?.schedule} to ${folder}`);
  context.output.line(`next run ${job?.nextRunAt}; 'kern jobs list ${dir}' shows its runs`);
}
