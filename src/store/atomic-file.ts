// The one way kern replaces a small state file it owns (pairing, jobs, sub-agents, processes,
// approvals, web sessions, the queue's compaction): write a temp file under a unique name, fsync
// it, rename it over the target, fsync the folder. After a crash the file is the old document or
// the new one, never a torn one; two writers never share a temp file. Mode 0600: state files can
// name people and chats. Hand-written: write-file-atomic does not sync the folder, and its
// current major needs Node 22.
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, renameSync, rmSync, writeSync } from "node:fs";
import { dirname } from "node:path";
import { guardWrite } from "./write-failure.js";

/**
 * Replaces `path` with `text` atomically and durably; a full disk throws KERN_DISK_FULL. `mode`
 * is 0600 but for a file people share through git (USERS.md).
 */
export function writeFileAtomic(path: string, text: string, mode = 0o600): void {
  const temporary = `${path}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  guardWrite(path, () => {
    try {
      const file = openSync(temporary, "w", mode);
      try {
        writeSync(file, text);
        fsyncSync(file);
      } finally {
        closeSync(file);
      }
      renameSync(temporary, path);
    } catch (error) {
      rmSync(temporary, { force: true });
      throw error;
    }
    syncFolder(dirname(path));
  });
}

/** Makes a rename in `folder` durable. */
function syncFolder(folder: string): void {
  const descriptor = openSync(folder, "r");
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
}
