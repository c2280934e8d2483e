// `kern backup`: one archive of the agent from a cut (store/backup-cut.ts) — the repository as a
// bundle, the planned entries (backup-entries.ts), then the manifest. Written to a temporary
// name beside the destination and renamed at the end, so a failed or killed backup never leaves
// a file that looks whole. Makes no model call.
import { readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { z } from "zod";
import { agentPaths } from "../../config/index.js";
import {
  createShortId,
  DaemonError,
  describeError,
  isKernError,
  packageFile,
} from "../../kernel/index.js";
import type { BackupCut } from "../../store/index.js";
import { type AddedEntry, ArchiveWriter } from "./archive-writer.js";
import { planEntries } from "./backup-entries.js";
import {
  type BackupManifest,
  BUNDLE_PATH,
  FILES_PREFIX,
  MANIFEST_PATH,
  type ManifestFile,
} from "./backup-manifest.js";
import { bundleRepository, repositoryOf } from "./git-repository.js";

export interface WriteBackupOptions {
  agentDir: string;
  /** The archive to write. */
  file: string;
  cut: BackupCut;
  withSecrets: boolean;
  /** For the manifest (config `name`, else the folder's). */
  agentName: string;
  onProgress?: (done: number, total: number) => void;
}

export interface BackupReport {
  file: string;
  /** The archive's size on disk. */
  bytes: number;
  manifest: Omit<BackupManifest, "files">;
}

export async function writeBackup(options: WriteBackupOptions): Promise<BackupReport> {
  const paths = agentPaths(options.agentDir);
  const temporary = `${options.file}.partial-${createShortId("b")}`;
  const bundleFile = `${temporary}.bundle`;
  let writer: ArchiveWriter | null = null;
  try {
    const repository = await repositoryOf(paths.agentDir);
    const bundled = repository ? await bundleRepository(paths.agentDir, bundleFile) : false;
    const entries = await planEntries({
      paths,
      cut: options.cut,
      ownRepository: repository !== null,
      withSecrets: options.withSecrets,
    });
    const bundleBytes = bundled ? statSync(bundleFile).size : 0;
    const total = entries.reduce((sum, entry) => sum + sizeOf(entry), bundleBytes);
    writer = new ArchiveWriter(temporary, (done) => options.onProgress?.(done, total));
    const added: AddedItem[] = [];
    if (bundled)
      added.push({
        entry: await writer.addFile(BUNDLE_PATH, bundleFile, { mode: 0o600 }),
        kind: "bundle",
      });
    added.push(...(await addPlannedEntries(writer, entries)));
    const manifest = manifestOf({
      options,
      agentName: options.agentName,
      repository,
      bundled,
      added,
    });
    await writer.addText(MANIFEST_PATH, `${JSON.stringify(manifest, null, 2)}\n`);
    await writer.finish();
    renameSync(temporary, options.file);
    const { files: _files, ...summary } = manifest;
    return { file: options.file, bytes: statSync(options.file).size, manifest: summary };
  } catch (error) {
    await writer?.abort();
    rmSync(temporary, { force: true });
    if (isKernError(error)) throw error;
    throw new DaemonError(
      "KERN_BACKUP_FAILED",
      `could not write ${options.file}: ${describeError(error)}; check its folder's space and permissions`,
      { cause: error },
    );
  } finally {
    rmSync(bundleFile, { force: true });
  }
}

/** One archive member as written, with the planned entry's kind and (files) role. */
interface AddedItem {
  entry: AddedEntry;
  kind: string;
  role?: string;
}

type PlannedEntry = Awaited<ReturnType<typeof planEntries>>[number];

/** Writes the planned entries under FILES_PREFIX, in order; a log only up to its cut's bytes. */
async function addPlannedEntries(
  writer: ArchiveWriter,
  entries: PlannedEntry[],
): Promise<AddedItem[]> {
  const added: AddedItem[] = [];
  for (const entry of entries) {
    const path = `${FILES_PREFIX}${entry.path}`;
    const written =
      entry.kind === "text"
        ? await writer.addText(path, entry.text)
        : entry.kind === "log"
          ? await writer.addFile(path, entry.file, { bytes: entry.bytes, mode: 0o600 })
          : await writer.addFile(path, entry.file, { mode: entry.mode });
    added.push({
      entry: written,
      kind: entry.kind,
      ...(entry.kind === "file" ? { role: entry.role } : {}),
    });
  }
  return added;
}

function sizeOf(entry: PlannedEntry): number {
  return entry.kind === "text" ? Buffer.byteLength(entry.text) : entry.bytes;
}

function manifestOf(parts: {
  options: WriteBackupOptions;
  agentName: string;
  repository: Awaited<ReturnType<typeof repositoryOf>>;
  bundled: boolean;
  added: AddedItem[];
}): BackupManifest {
  const { options, repository, added } = parts;
  const logs = added
    .filter((item) => item.kind === "log")
    .map(({ entry }) => ({
      path: entry.path.slice(FILES_PREFIX.length),
      bytes: entry.bytes,
      lines: entry.lines,
    }));
  const sessions = logs.filter((log) => log.path.startsWith(".kern/sessions/"));
  const files: ManifestFile[] = added.map(({ entry }) => ({
    path: entry.path,
    bytes: entry.bytes,
    sha256: entry.sha256,
  }));
  const count = (role: string) => added.filter((item) => item.role === role).length;
  return {
    format: "kern-backup",
    v: 1,
    kernVersion: kernVersion(),
    createdAt: new Date().toISOString(),
    agentName: parts.agentName,
    cut: { takenAt: options.cut.takenAt, logs },
    git: repository ? { ...repository, bundle: parts.bundled } : null,
    withSecrets: options.withSecrets,
    counts: {
      files: files.length,
      treeFiles: count("tree"),
      sessions: sessions.length,
      // A session file's first line is its header; the rest are messages.
      messages: sessions.reduce((sum, log) => sum + Math.max(0, log.lines - 1), 0),
      memoryEntries: logs.find((log) => log.path === ".kern/memory.jsonl")?.lines ?? 0,
      mediaFiles: count("media"),
    },
    files,
  };
}

function kernVersion(): string {
  const parsed = z
    .object({ version: z.string() })
    .safeParse(JSON.parse(readFileSync(packageFile("package.json"), "utf8")));
  return parsed.success ? parsed.data.version : "unknown";
}
