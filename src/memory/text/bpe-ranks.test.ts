import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { countTokens as packageCount } from "gpt-tokenizer/encoding/o200k_base";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { createPieceCounter } from "./bpe-count.js";
import {
  buildRankTable,
  loadO200kRanks,
  o200kSource,
  parseRankTable,
  serializeRankTable,
} from "./bpe-ranks.js";

const TIKTOKEN = Buffer.from(
  ["YQ== 0", "Yg== 1", "Yw== 2", "YWI= 3", "YWJj 4", "w6k= 5", ""].join("\n"),
);

describe("the rank table", () => {
  let temp: ReturnType<typeof makeTempDir>;
  const dir = () => temp.path;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it("decodes each base64 token at its rank and merges by the lowest rank", () => {
    const table = buildRankTable(TIKTOKEN);
    expect([...table.starts]).toEqual([0, 1, 2, 3, 5, 8, 10]);
    expect(Buffer.from(table.bytes).toString("utf8")).toBe("abcababcé");
    const count = createPieceCounter(table);
    expect(count("abc")).toBe(1); // a token itself
    expect(count("abcab")).toBe(2); // "abc" + "ab"
    expect(count("bca")).toBe(3); // no pair of them is a token
    expect(count("é")).toBe(1);
    expect(count("")).toBe(0);
  });

  it("refuses ranks out of order instead of building a wrong table", () => {
    expect(() => buildRankTable(Buffer.from("YQ== 0\nYg== 2\n"))).toThrow(/out of order/);
  });

  it("reads back what it wrote, and only for the same source", () => {
    const table = buildRankTable(TIKTOKEN);
    const file = serializeRankTable(table, "source 1");
    const read = parseRankTable(file, "source 1");
    expect(read && [...read.starts]).toEqual([...table.starts]);
    expect(read && [...read.slots]).toEqual([...table.slots]);
    expect(read && Buffer.from(read.bytes)).toEqual(Buffer.from(table.bytes));
    // Read from memory that does not start on a 4-byte boundary: copied, then the same table.
    const unaligned = Buffer.concat([Buffer.alloc(1), file]).subarray(1);
    expect(unaligned.byteOffset % 4).not.toBe(0);
    expect([...(parseRankTable(unaligned, "source 1")?.slots ?? [])]).toEqual([...table.slots]);
    expect(parseRankTable(file.subarray(0, 10), "source 1")).toBeNull();
    expect(parseRankTable(file, "source 2")).toBeNull();
    expect(parseRankTable(file.subarray(0, file.length - 1), "source 1")).toBeNull();
    expect(parseRankTable(Buffer.from("not a table at all, not at all"), "source 1")).toBeNull();
  });

  it("builds the table from the package's data when the built file is stale or missing", () => {
    const stale = join(dir(), "stale.ranks");
    writeFileSync(stale, serializeRankTable(buildRankTable(TIKTOKEN), "an older package"));
    for (const file of [stale, join(dir(), "missing.ranks")]) {
      const count = createPieceCounter(loadO200kRanks(file));
      for (const piece of [" hello", "abcab", " Привет", "東京タワー", "🤖"]) {
        expect(count(piece)).toBe(packageCount(piece));
      }
    }
    // A file stamped with the installed package's data is used as it is, without building.
    const built = join(dir(), "built.ranks");
    writeFileSync(built, serializeRankTable(buildRankTable(TIKTOKEN), o200kSource().stamp));
    expect([...loadO200kRanks(built).starts]).toEqual([0, 1, 2, 3, 5, 8, 10]);
  });
});
