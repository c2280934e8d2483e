import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { writeFileAtomic } from "./atomic-file.js";

describe("writeFileAtomic", () => {
  const temp = makeTempDir("kern-atomic-");
  afterAll(() => temp.cleanup());

  it("replaces the file whole, 0600 by default, leaving no temp file", () => {
    const file = join(temp.path, "state.json");
    writeFileSync(file, "old\n", { mode: 0o644 });
    writeFileAtomic(file, "new\n");
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(statSync(file).mode & 0o777).toBe(0o600);
    writeFileAtomic(join(temp.path, "USERS.md"), "# Users\n", 0o644);
    expect(statSync(join(temp.path, "USERS.md")).mode & 0o777).toBe(0o644);
    expect(readdirSync(temp.path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("removes its temp file when the rename fails, leaving what was there", () => {
    const target = join(temp.path, "taken");
    mkdirSync(join(target, "inside"), { recursive: true }); // a folder, not empty: no rename
    expect(() => writeFileAtomic(target, "text\n")).toThrow();
    expect(readdirSync(temp.path).filter((name) => name.endsWith(".tmp"))).toEqual([]);
    expect(readdirSync(target)).toEqual(["inside"]);
  });
});
