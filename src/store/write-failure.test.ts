import { describe, expect, it } from "vitest";
import { StoreError } from "../kernel/index.js";
import { guardWrite, isWriteFailure } from "./write-failure.js";

const failure = (code: string) => Object.assign(new Error(`failed: ${code}`), { code });

describe("write failures", () => {
  it("recognises a full disk and I/O errors, and nothing else", () => {
    for (const code of ["ENOSPC", "EDQUOT", "EFBIG", "SQLITE_FULL", "SQLITE_IOERR_WRITE", "EIO"])
      expect(isWriteFailure(failure(code)), code).toBe(true);
    for (const code of ["ENOENT", "SQLITE_BUSY", "SQLITE_CONSTRAINT"])
      expect(isWriteFailure(failure(code)), code).toBe(false);
  });

  it("turns them into KERN_DISK_FULL naming the folder; other errors pass through", () => {
    const full = () =>
      guardWrite("/agent/.kern/kern.db", () => {
        throw failure("SQLITE_FULL");
      });
    expect(full).toThrow(StoreError);
    expect(full).toThrow("cannot write to /agent/.kern: the disk is full (SQLITE_FULL)");
    const other = failure("SQLITE_BUSY");
    expect(() =>
      guardWrite("/agent/.kern/kern.db", () => {
        throw other;
      }),
    ).toThrow(other);
    expect(guardWrite("/x", () => 42)).toBe(42);
  });
});
