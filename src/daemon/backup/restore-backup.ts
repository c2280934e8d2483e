// `kern restore FILE DIR`: unpacks and checks the archive beside DIR, rebuilds the repository
// from its bundle, moves the agent into place, then rebuilds kern.db from the restored logs
// (`kern reindex`: zero chat-model calls; vectors from the configured embedder, local by
// default). Refuses a non-empty DIR without `force`; with it, DIR is moved aside, never deleted.
import { existsSync, mkdirSync, readdirSync, renameSync, rmdirSync, rmSync } from "node:fs";
import { basename, dirname, join, resolve } from "node:path";
import { agentPaths, readEnvFile, updateEnvFile } from "../../config/index.js";
import { createSecret, createShortId, DaemonError } from "../../kernel/index.js";
import { makeTreePrivate, type ReindexProgress, tryLockFolder } from "../../store/index.js";
import { reindex } from "../reindex-agent-folder.js";
import { type BackupManifest, BUNDLE_PATH, FILES_PREFIX } from "./backup-manifest.js";
import { restoreRepository } from "./git-repository.js";
import { unpackArchive } from "./read-archive.js";

export interface RestoreOptions {
  file: string;
  agentDir: string;
  /** Restore over a non-empty folder: it is moved to `DIR.before-restore-…` first. */
  force: boolean;
  env: Record<string, string | undefined>;
  onProgress?: (phase: "unpack" | ReindexProgress["phase"], done: number, total: number) => void;
}

export interface RestoreReport {
  agentDir: string;
  /** Where the folder that was in the way went (with `force`); null when there was none. */
  movedAside: string | null;
  manifest: Omit<BackupManifest, "files">;
  /** A new KERN_AUTH_TOKEN was made: the archive held no secrets. */
  newAuthToken: boolean;
  reindexed: { messages: number; segments: number; vectors: number; vectorsError?: string };
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreReport> {
  const target = resolve(options.agentDir);
  const occupied = checkTarget(target, options.force);
  const staging = join(dirname(target), `.${basename(target)}.restoring-${createShortId("r")}`);
  mkdirSync(staging, { recursive: true, mode: 0o700 });
  let manifest: BackupManifest;
  let newAuthToken: boolean;
  let movedAside: string | null = null;
  try {
    manifest = await unpackArchive({
      file: options.file,
      staging,
      onProgress: (done, total) => options.onProgress?.("unpack", done, total),
    });
    const agent = join(staging, FILES_PREFIX);
    const paths = agentPaths(agent);
    mkdirSync(paths.kernDir, { recursive: true });
    if (manifest.git) {
      const bundle = manifest.git.bundle ? join(staging, BUNDLE_PATH) : null;
      await restoreRepository(paths.agentDir, bundle, manifest.git.head);
    }
    newAuthToken = !(await readEnvFile(paths.envFile))["KERN_AUTH_TOKEN"];
    if (newAuthToken) await updateEnvFile(paths.envFile, { KERN_AUTH_TOKEN: createSecret() });
    makeTreePrivate(paths.kernDir);
    if (occupied) {
      movedAside = `${target}.before-restore-${createShortId("r")}`;
      renameSync(target, movedAside);
    } else if (existsSync(target)) rmdirSync(target);
    renameSync(paths.agentDir, target);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  const rebuilt = await reindex({
    agentDir: target,
    env: options.env,
    onProgress: (progress) => options.onProgress?.(progress.phase, progress.done, progress.total),
  });
  const { files: _files, ...summary } = manifest;
  return {
    agentDir: target,
    movedAside,
    manifest: summary,
    newAuthToken,
    reindexed: {
      messages: rebuilt.messages,
      segments: rebuilt.segments,
      vectors: rebuilt.vectors,
      ...(rebuilt.vectorsError ? { vectorsError: rebuilt.vectorsError } : {}),
    },
  };
}

/** True when `target` holds files (allowed with `force` only, and never a running agent). */
function checkTarget(target: string, force: boolean): boolean {
  if (!existsSync(target) || readdirSync(target).length === 0) return false;
  if (!force) {
    throw new DaemonError(
      "KERN_RESTORE_NOT_EMPTY",
      `${target} is not empty; restore into an empty or new folder, or pass --force to move it aside (to ${basename(target)}.before-restore-…) first`,
    );
  }
  const lockFile = join(target, ".kern", "daemon.lock");
  if (existsSync(lockFile)) {
    const lock = tryLockFolder(lockFile);
    if (!lock) {
      throw new DaemonError(
        "KERN_AGENT_BUSY",
        `a kern process works on ${target}; stop it ('kern stop ${target}') before restoring over it`,
      );
    }
    lock.release();
  }
  return true;
}
