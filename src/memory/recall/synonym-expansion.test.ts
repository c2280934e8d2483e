import { readFileSync } from "node:fs";
import { gunzipSync, gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { packageFile } from "../../kernel/index.js";
import { baseForms, parseSynonyms, shippedSynonyms, synonymQuery } from "./synonym-expansion.js";

const table = parseSynonyms(
  gzipSync("copy transcript replica\npermit license licence allow\nvacation holiday\n"),
);

describe("synonymQuery", () => {
  it("adds the synonyms the history uses, for the words it never uses", () => {
    const used = new Set(["replica", "licence", "holiday", "drive", "running"]);
    const usesTerm = (term: string) => used.has(term);
    expect(synonymQuery(["copies", "running"], usesTerm, table)).toBe("copies running replica");
    expect(synonymQuery(["permit", "drive"], usesTerm, table)).toBe("permit drive licence");
  });

  it("leaves a question in the history's own words alone", () => {
    const usesTerm = () => true;
    expect(synonymQuery(["vacation", "permit"], usesTerm, table)).toBeNull();
    expect(synonymQuery(["zebra", "giraffe"], () => false, table)).toBeNull();
  });

  it("finds the base form WordNet lists", () => {
    expect(baseForms("copies")).toContain("copy");
    expect(baseForms("permits")).toContain("permit");
    expect(baseForms("car")).toEqual(["car"]);
  });

  it("ships a table with the synonyms a user means", () => {
    const shipped = shippedSynonyms();
    expect(shipped("vacation")).toContain("holiday");
    expect(shipped("permit")).toContain("licence");
    expect(shipped("upkeep")).toContain("maintenance");
    expect(shipped("zebra")).toEqual([]);
  });

  it("answers every word of the shipped table as a map of all its lines would", () => {
    const gzipped = readFileSync(packageFile("data", "word-synonyms", "wordnet-synonyms.txt.gz"));
    const lines = gunzipSync(gzipped).toString("utf8").split("\n");
    const expected = new Map<string, string[]>();
    for (const line of lines) {
      const [word, ...synonyms] = line.split(" ");
      if (word && synonyms.length > 0) expected.set(word, synonyms);
    }
    const lookup = parseSynonyms(gzipped);
    expect(expected.size).toBeGreaterThan(5_000);
    for (const [word, synonyms] of expected) expect(lookup(word)).toEqual(synonyms);
    for (const word of ["", "vacatio", "acation", "vacation holiday", "zebra", "\nvacation"])
      expect(lookup(word), JSON.stringify(word)).toEqual(expected.get(word) ?? []);
  });

  it("lets a later line for the same word win, and skips lines without synonyms", () => {
    const lookup = parseSynonyms(gzipSync("car auto\nlonely\ncar automobile motorcar\nend x"));
    expect(lookup("car")).toEqual(["automobile", "motorcar"]);
    expect(lookup("lonely")).toEqual([]);
    expect(lookup("end")).toEqual(["x"]);
    expect(lookup("auto")).toEqual([]);
  });
});
