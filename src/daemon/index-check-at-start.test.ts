// The index check at start (issue 32): quick_check in a worker, bounded wait, the clean-stop stamp.
// Real SQLite files, real worker threads.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { openDatabase } from "../store/index.js";
import { startIndexCheck } from "./index-check-at-start.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

/** A kern.db with some pages in it, and where its stamp goes. */
function healthyIndex(): { database: string; stamp: string } {
  const temp = makeTempDir("kern-index-check-");
  temps.push(temp);
  const database = join(temp.path, "agent", ".kern", "kern.db");
  const db = openDatabase(database);
  db.exec("CREATE TABLE filler (id INTEGER PRIMARY KEY, text TEXT)");
  const insert = db.prepare("INSERT INTO filler (text) VALUES (?)");
  for (let index = 0; index < 2_000; index += 1) insert.run(`row ${index} ${"x".repeat(300)}`);
  db.close();
  return { database, stamp: join(temp.path, "agent", ".kern", "kern.db.checked") };
}

/** Overwrites the second half of the file with garbage (pages the open path does not read). */
function damage(path: string): void {
  const bytes = readFileSync(path);
  for (let index = Math.floor(bytes.length / 2); index < bytes.length; index += 1) {
    bytes[index] = (index * 7919) % 251;
  }
  writeFileSync(path, bytes);
}

describe("the index check at start", () => {
  it("passes a healthy kern.db and stamps it after a clean stop", async () => {
    const { database, stamp } = healthyIndex();
    const check = startIndexCheck(database, stamp);
    expect(await check.settle(30_000)).toBe(false);
    check.stampIfClean();
    expect(JSON.parse(readFileSync(stamp, "utf8"))).toMatchObject({ ino: expect.any(Number) });
  });

  it("throws KERN_INDEX_DAMAGED naming kern reindex when the check finishes within the wait", async () => {
    const { database, stamp } = healthyIndex();
    damage(database);
    const check = startIndexCheck(database, stamp);
    await expect(check.settle(30_000)).rejects.toMatchObject({
      code: "KERN_INDEX_DAMAGED",
      message: expect.stringContaining("kern reindex"),
    });
    check.stampIfClean();
    expect(existsSync(stamp)).toBe(false);
  });

  it("answers before a slow check ends, and reports damage it finds later", async () => {
    const { database, stamp } = healthyIndex();
    damage(database);
    const check = startIndexCheck(database, stamp);
    // No wait: the worker thread cannot have started, let alone read the file.
    expect(await check.settle(0)).toBe(true);
    const late = await new Promise<Error>((resolve) => check.onLateDamage(resolve));
    expect(late).toMatchObject({ code: "KERN_INDEX_DAMAGED" });
  });

  it("skips the check for a kern.db as stamped, and checks it again once it changed", async () => {
    const { database, stamp } = healthyIndex();
    const first = startIndexCheck(database, stamp);
    await first.settle(30_000);
    first.stampIfClean();
    const unchanged = startIndexCheck(database, stamp);
    expect(existsSync(stamp)).toBe(false); // a crash from here on means a check next time
    expect(await unchanged.settle(0)).toBe(false);
    unchanged.stampIfClean();
    damage(database);
    const changed = startIndexCheck(database, stamp);
    await expect(changed.settle(30_000)).rejects.toMatchObject({ code: "KERN_INDEX_DAMAGED" });
  });
});
