// Unpacks a backup into a staging folder and checks it against its manifest: every entry the
// manifest lists is there with its size and sha256, nothing else is, and the manifest itself
// parses. Anything else — a damaged gzip stream, a truncated tar, a changed byte — is
// KERN_BACKUP_CORRUPT naming what failed. Only regular files under the archive's own layout are
// unpacked (node-tar in strict mode: no links, no absolute or `..` paths).
import { createHash } from "node:crypto";
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { pipeline } from "node:stream/promises";
import { extract } from "tar";
import { DaemonError, describeError, parseJsonAs } from "../../kernel/index.js";
import {
  type BackupManifest,
  BUNDLE_PATH,
  backupManifestSchema,
  FILES_PREFIX,
  MANIFEST_PATH,
} from "./backup-manifest.js";

/** Unpacks `file` into `staging` (an empty folder) and returns its checked manifest. */
export async function unpackArchive(options: {
  file: string;
  staging: string;
  onProgress?: (done: number, total: number) => void;
}): Promise<BackupManifest> {
  const { file, staging } = options;
  const total = statSync(file).size;
  let done = 0;
  const source = createReadStream(file);
  source.on("data", (chunk) => {
    done += chunk.length;
    options.onProgress?.(done, total);
  });
  try {
    await pipeline(
      source,
      extract({
        cwd: staging,
        strict: true,
        filter: (path, entry) =>
          "type" in entry &&
          entry.type === "File" &&
          (path === MANIFEST_PATH || path === BUNDLE_PATH || path.startsWith(FILES_PREFIX)),
      }),
    );
  } catch (error) {
    throw corrupt(file, `it cannot be read as a gzipped tar (${describeError(error)})`);
  }
  return await checkAgainstManifest(file, staging);
}

async function checkAgainstManifest(file: string, staging: string): Promise<BackupManifest> {
  const manifestFile = join(staging, MANIFEST_PATH);
  if (!existsSync(manifestFile)) throw corrupt(file, `it has no ${MANIFEST_PATH}`);
  const manifest = parseJsonAs(readFileSync(manifestFile, "utf8"), backupManifestSchema, {
    source: `${file} → ${MANIFEST_PATH}`,
    code: "KERN_BACKUP_CORRUPT",
    fix: "this is not a kern backup, or a damaged one; restore from another copy",
    errorClass: DaemonError,
  });
  const listed = new Set(manifest.files.map((entry) => entry.path));
  for (const entry of manifest.files) {
    const path = join(staging, ...entry.path.split("/"));
    if (!existsSync(path)) throw corrupt(file, `${entry.path} is missing`);
    const { bytes, sha256 } = await hashFile(path);
    if (bytes !== entry.bytes || sha256 !== entry.sha256)
      throw corrupt(file, `${entry.path} does not match the manifest (size or sha256)`);
  }
  for (const path of unpackedFiles(staging, "")) {
    if (path !== MANIFEST_PATH && !listed.has(path))
      throw corrupt(file, `${path} is not in the manifest`);
  }
  return manifest;
}

async function hashFile(path: string): Promise<{ bytes: number; sha256: string }> {
  const hash = createHash("sha256");
  let bytes = 0;
  for await (const chunk of createReadStream(path)) {
    bytes += (chunk as Buffer).length;
    hash.update(chunk as Buffer);
  }
  return { bytes, sha256: hash.digest("hex") };
}

function unpackedFiles(root: string, prefix: string): string[] {
  return readdirSync(join(root, prefix), { withFileTypes: true }).flatMap((item) => {
    const path = prefix ? `${prefix}/${item.name}` : item.name;
    return item.isDirectory() ? unpackedFiles(root, path) : [path];
  });
}

function corrupt(file: string, why: string): DaemonError {
  return new DaemonError(
    "KERN_BACKUP_CORRUPT",
    `${file} is damaged: ${why}; nothing was restored — use another copy of the backup`,
  );
}
