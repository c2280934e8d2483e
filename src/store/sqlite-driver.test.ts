import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { sqliteAddonPath } from "./sqlite-driver.js";

describe("sqliteAddonPath", () => {
  it("names the addon installed inside the better-sqlite3 package, which opens a database", () => {
    const packageDir = dirname(
      createRequire(import.meta.url).resolve("better-sqlite3/package.json"),
    );
    const path = sqliteAddonPath();
    expect(path.startsWith(packageDir)).toBe(true);
    expect(path.endsWith("better_sqlite3.node")).toBe(true);
    expect(existsSync(path)).toBe(true);
    const db = new BetterSqlite3(":memory:", { nativeBinding: path });
    expect(db.prepare("SELECT 40 + 2 AS answer").get()).toEqual({ answer: 42 });
    db.close();
  });
});
