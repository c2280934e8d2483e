import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
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
});
