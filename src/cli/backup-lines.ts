// What `kern backup` and `kern restore` print. Pure.
import { UsageError } from "../kernel/index.js";

interface Summary {
  agentName: string;
  withSecrets: boolean;
  counts: {
    files: number;
    sessions: number;
    messages: number;
    memoryEntries: number;
    mediaFiles: number;
  };
  git: { head: string | null; refs: number; bundle: boolean } | null;
}

/** `--keep N`: a whole number from 1. */
export function parseKeep(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const keep = Number(text);
  if (!Number.isInteger(keep) || keep < 1)
    throw new UsageError(`--keep ${text}: write how many backups to keep, 1 or more`);
  return keep;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** The counts lines both commands print (each within 80 columns). */
export function contentsLines(manifest: Summary): string[] {
  const { counts, git } = manifest;
  const repository = git
    ? git.bundle
      ? `git ${git.head?.replace(/^refs\/heads\//, "") ?? "(no HEAD)"} with ${git.refs} ref(s)`
      : "git (no commits yet)"
    : "no git repository";
  return [
    `  ${counts.messages} messages in ${counts.sessions} session(s), ${counts.memoryEntries} memory entries`,
    `  ${counts.files} files (${counts.mediaFiles} media), ${repository}`,
  ];
}

export function backupLines(
  report: { file: string; bytes: number; removed: string[]; manifest: Summary },
  byDaemon: boolean,
): string[] {
  const lines = [
    `backed up ${report.manifest.agentName} to ${report.file} (${megabytes(report.bytes)})`,
    ...contentsLines(report.manifest),
    byDaemon
      ? "  the running daemon took the cut: every log up to a whole message"
      : "  no daemon ran: the cut was taken under the folder's lock",
  ];
  if (!report.manifest.withSecrets)
    lines.push("  secrets left out (.kern/.env); --with-secrets keeps them");
  if (report.removed.length > 0)
    lines.push(`removed ${report.removed.length} older backup(s) (--keep)`);
  return lines;
}
