import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { tryLockFolder } from "./folder-lock.js";

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function lockFileInNewFolder(): string {
  const dir = mkdtempSync(join(tmpdir(), "kern-lock-"));
  dirs.push(dir);
  return join(dir, ".kern", "daemon.lock");
}

/** What another process gets when it tries to take or read the lock file: "busy" or "free". */
function otherProcessSees(lockFile: string): { lock: string; read: string } {
  const probe = `
    const Database = require("better-sqlite3");
    const attempt = (action) => { try { action(); return "free"; } catch (error) {
      if (String(error.code).startsWith("SQLITE_BUSY")) return "busy"; throw error; } };
    const lock = attempt(() => { const db = new Database(${JSON.stringify(lockFile)}, { timeout: 0 });
      db.pragma("locking_mode = EXCLUSIVE"); db.exec("BEGIN EXCLUSIVE"); db.exec("COMMIT"); db.close(); });
    const read = attempt(() => { const db = new Database(${JSON.stringify(lockFile)}, { timeout: 0 });
      db.prepare("SELECT name FROM sqlite_master").all(); db.close(); });
    process.stdout.write(JSON.stringify({ lock, read }));`;
  return JSON.parse(execFileSync(process.execPath, ["-e", probe], { encoding: "utf8" }));
}

describe("tryLockFolder", () => {
  it("holds the folder against other processes until released", () => {
    const lockFile = lockFileInNewFolder();
    const lock = tryLockFolder(lockFile);
    expect(lock).not.toBeNull();
    expect(otherProcessSees(lockFile)).toEqual({ lock: "busy", read: "busy" });
    lock?.release();
    expect(otherProcessSees(lockFile)).toEqual({ lock: "free", read: "free" });
  });

  it("writes nothing to a lock file that exists (a write costs fsyncs)", () => {
    const lockFile = lockFileInNewFolder();
    tryLockFolder(lockFile)?.release();
    const [bytes, modified] = [readFileSync(lockFile), statSync(lockFile).mtimeMs];
    const lock = tryLockFolder(lockFile);
    expect(lock).not.toBeNull();
    lock?.release();
    expect(readFileSync(lockFile)).toEqual(bytes);
    expect(statSync(lockFile).mtimeMs).toBe(modified);
  });

  it("refuses a second holder in the same process, and lets it in after the release", () => {
    const lockFile = lockFileInNewFolder();
    const first = tryLockFolder(lockFile);
    expect(tryLockFolder(lockFile)).toBeNull();
    first?.release();
    const second = tryLockFolder(lockFile);
    expect(second).not.toBeNull();
    second?.release();
  });
});
