// A file arriving as a stream (POST /upload's body) written to a private temporary file in
// `.kern/media/` as it comes, so a slow or large upload holds no memory while it arrives (issue 49
// item 10: 12 uploads of 40 MB, each held whole and copied, left the daemon at 1.6 GB). Refused
// once past its limit; a failed write is KERN_DISK_FULL. The caller removes the file.
import { randomBytes } from "node:crypto";
import { mkdir, open, readdir, rm } from "node:fs/promises";
import { join } from "node:path";
import type { KernError } from "../../kernel/index.js";
import type { ReceivedFile } from "../../runtime/index.js";
import { asDiskFull } from "./as-disk-full.js";

export interface ReceiveFileOptions {
  directory: string;
  limit: number;
  /** The refusal once `bytes` passes the limit. */
  tooLarge: (bytes: number) => KernError;
}

/** Temporary files are `.upload-<12 hex>`; one a kill -9 left behind is removed on the next. */
const PREFIX = ".upload-";
const sweeps = new Map<string, Promise<void>>();

/** Once per folder and process, before its first upload writes: every upload waits for it. */
function sweepLeftovers(directory: string): Promise<void> {
  const known = sweeps.get(directory);
  if (known !== undefined) return known;
  const sweep = (async () => {
    const names = await readdir(directory).catch(() => []);
    await Promise.all(
      names
        .filter((name) => name.startsWith(PREFIX))
        .map((name) => rm(join(directory, name), { force: true })),
    );
  })();
  sweeps.set(directory, sweep);
  return sweep;
}

export async function receiveFile(
  source: AsyncIterable<Uint8Array>,
  options: ReceiveFileOptions,
): Promise<ReceivedFile> {
  const { directory, limit } = options;
  await sweepLeftovers(directory);
  const path = join(directory, `${PREFIX}${randomBytes(6).toString("hex")}`);
  let bytes = 0;
  try {
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const handle = await open(path, "wx", 0o600);
    try {
      for await (const chunk of source) {
        bytes += chunk.length;
        if (bytes > limit) throw options.tooLarge(bytes);
        await handle.write(chunk);
      }
    } finally {
      await handle.close();
    }
    return { path, bytes };
  } catch (error) {
    await rm(path, { force: true });
    throw asDiskFull(error, directory);
  }
}
