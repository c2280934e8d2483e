// The manifest of a kern backup: the last entry of the archive, listing every other entry with
// its size and sha256, the cut of each log, the repository's HEAD and the counts `kern restore`
// checks and prints. A restore refuses an archive whose entries do not match it.
import { z } from "zod";

/** The archive's own layout: the manifest, the repository bundle, the agent folder's files. */
export const MANIFEST_PATH = "manifest.json";
export const BUNDLE_PATH = "repo.bundle";
export const FILES_PREFIX = "files/";

const fileSchema = z.object({
  /** The entry's path in the archive. */
  path: z.string(),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});

export const backupManifestSchema = z.object({
  format: z.literal("kern-backup"),
  v: z.literal(1),
  kernVersion: z.string(),
  createdAt: z.string(),
  agentName: z.string(),
  cut: z.object({
    takenAt: z.string(),
    /** Each log as archived: its path in the agent folder, bytes and lines up to the cut. */
    logs: z.array(
      z.object({
        path: z.string(),
        bytes: z.number().int().nonnegative(),
        lines: z.number().int().nonnegative(),
      }),
    ),
  }),
  /** The agent folder's git repository; null when it has none of its own. */
  git: z
    .object({
      /** `refs/heads/main`, or a commit id for a detached HEAD; null before the first commit. */
      head: z.string().nullable(),
      refs: z.number().int().nonnegative(),
      bundle: z.boolean(),
    })
    .nullable(),
  withSecrets: z.boolean(),
  counts: z.object({
    files: z.number().int().nonnegative(),
    treeFiles: z.number().int().nonnegative(),
    sessions: z.number().int().nonnegative(),
    messages: z.number().int().nonnegative(),
    memoryEntries: z.number().int().nonnegative(),
    mediaFiles: z.number().int().nonnegative(),
  }),
  files: z.array(fileSchema),
});

export type BackupManifest = z.infer<typeof backupManifestSchema>;
export type ManifestFile = z.infer<typeof fileSchema>;
