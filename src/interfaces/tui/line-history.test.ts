import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { HISTORY_LIMIT, openLineHistory } from "./line-history.js";

describe("the TUI's input history file", () => {
  let temp: ReturnType<typeof makeTempDir>;
  let file: string;
  beforeEach(() => {
    temp = makeTempDir("kern-history-");
    file = join(temp.path, "tui-history.jsonl");
  });
  afterEach(() => temp.cleanup());

  it("keeps messages across runs, a multi-line one as one entry", () => {
    const first = openLineHistory(file);
    expect(first.entries).toEqual([]);
    first.append("hello");
    first.append("one\ntwo\nthree");
    expect(openLineHistory(file).entries).toEqual(["hello", "one\ntwo\nthree"]);
    expect(readFileSync(file, "utf8").split("\n").filter(Boolean)).toHaveLength(2);
  });

  it("loads the newest entries only, skipping a torn last line and repeats", () => {
    const lines = Array.from({ length: HISTORY_LIMIT + 20 }, (_, index) =>
      JSON.stringify(`m${index}`),
    );
    writeFileSync(file, `${lines.join("\n")}\n"dup"\n"dup"\n{"torn`);
    const entries = openLineHistory(file).entries;
    expect(entries.at(-1)).toBe("dup");
    expect(entries.at(-2)).toBe(`m${HISTORY_LIMIT + 19}`);
    expect(entries.length).toBeLessThanOrEqual(HISTORY_LIMIT + 1);
    expect(entries).not.toContain("m0");
  });

  it("works without a file (history off)", () => {
    const none = openLineHistory(null);
    none.append("x");
    expect(none.entries).toEqual([]);
  });
});
