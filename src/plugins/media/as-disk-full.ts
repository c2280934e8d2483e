// A write to `.kern/media/` that failed for lack of space (ENOSPC, a quota, a file-size limit) or
// an I/O error, as KERN_DISK_FULL: the API answers 507 and says what to do, as for a turn's
// writes (store/write-failure.ts). An upload on a full disk answered 500 (issue 49 item 10).
import { isKernError, KernError } from "../../kernel/index.js";
import { isWriteFailure } from "../../store/index.js";

export function asDiskFull(error: unknown, directory: string): unknown {
  if (isKernError(error) || !isWriteFailure(error)) return error;
  const code =
    typeof error === "object" && error !== null && "code" in error ? String(error.code) : "EIO";
  return new KernError(
    "KERN_DISK_FULL",
    `cannot store the file in ${directory}: the disk is full or failed (${code}); free some space and send it again — kern keeps running`,
    { cause: error },
  );
}
