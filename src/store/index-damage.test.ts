import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { openDatabase } from "./database.js";
import { isIndexDamage } from "./index-damage.js";

const temps: Array<{ cleanup: () => void }> = [];
afterEach(() => {
  for (const temp of temps.splice(0)) temp.cleanup();
});

describe("a damaged kern.db", () => {
  it("fails to open with KERN_INDEX_DAMAGED naming kern reindex and the agent folder", () => {
    const temp = makeTempDir("kern-damage-");
    temps.push(temp);
    const path = join(temp.path, "agent", ".kern", "kern.db");
    openDatabase(path).close();
    writeFileSync(path, "this is not a database at all ".repeat(200));
    expect(() => openDatabase(path)).toThrow(
      expect.objectContaining({
        code: "KERN_INDEX_DAMAGED",
        message: expect.stringContaining(`run 'kern reindex ${join(temp.path, "agent")}'`),
      }),
    );
  });

  it("recognises SQLite's corruption codes and nothing else", () => {
    expect(isIndexDamage(Object.assign(new Error("x"), { code: "SQLITE_CORRUPT" }))).toBe(true);
    expect(isIndexDamage(Object.assign(new Error("x"), { code: "SQLITE_NOTADB" }))).toBe(true);
    expect(isIndexDamage(Object.assign(new Error("x"), { code: "SQLITE_BUSY" }))).toBe(false);
    expect(isIndexDamage(new Error("x"))).toBe(false);
  });
});
