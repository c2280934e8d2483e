// `npx tsx bench/recall/run-token-parity.ts [--lme 282]`: whether JavaScript can read a message's
// words exactly as kern.db's FTS5 index does (tokenizer `porter unicode61 remove_diacritics 2`):
// letter and number runs, diacritics removed, lower case, each word through the `stemmer` package
// (Martin Porter's algorithm). The top-k index of ADR 0004 (round 16) must hold the same terms
// and counts as FTS5 to rank exactly as bm25() does, and reading them back from FTS5
// (fts5vocab) costs seconds per common word. Every distinct text of the three yardsticks is
// tokenized both ways and compared token by token; fields with non-ASCII characters are counted
// apart. Prints one summary line per yardstick and its first mismatches (~1 min).
import { join } from "node:path";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { stemmer } from "stemmer";
import { sqliteAddonPath } from "../../src/store/sqlite-driver.js";
import { loadLme, loadLocomo, loadOps } from "./yardstick-data.js";

/** The tokenizer of messages_fts (src/store/migrations.ts). */
const FTS_TOKENIZER = "porter unicode61 remove_diacritics 2";
const ROOT = join(import.meta.dirname, "..", "..");

const { values } = parseArgs({ options: { lme: { type: "string" } } });

const stems = new Map<string, string>();
/** A text's terms as FTS5 would index them, in order. */
function jsTokens(text: string): string[] {
  const words =
    text
      .normalize("NFD")
      .replace(/\p{M}/gu, "")
      .normalize("NFC")
      .toLowerCase()
      .match(/[\p{L}\p{N}\p{Co}]+/gu) ?? [];
  return words.map((word) => {
    let stem = stems.get(word);
    if (stem === undefined) {
      stem = stemmer(word);
      stems.set(word, stem);
    }
    return stem;
  });
}

interface Parity {
  texts: number;
  tokens: number;
  same: number;
  nonAscii: number;
  nonAsciiSame: number;
  jsMs: number;
  examples: string[];
}

function compare(texts: readonly string[]): Parity {
  const db = new Database(":memory:", { nativeBinding: sqliteAddonPath() });
  db.exec(`CREATE VIRTUAL TABLE t USING fts5(body, tokenize='${FTS_TOKENIZER}');
           CREATE VIRTUAL TABLE v USING fts5vocab(t, instance);`);
  const insert = db.prepare("INSERT INTO t (rowid, body) VALUES (?, ?)");
  db.transaction(() => {
    for (const [index, text] of texts.entries()) insert.run(index + 1, text);
  })();
  const fts: string[][] = texts.map(() => []);
  for (const row of db.prepare("SELECT doc, offset, term FROM v").raw(true).iterate()) {
    const [doc, offset, term] = row as [number, number, string];
    const list = fts[doc - 1];
    if (list) list[offset] = term;
  }
  db.close();
  const parity: Parity = {
    texts: texts.length,
    tokens: 0,
    same: 0,
    nonAscii: 0,
    nonAsciiSame: 0,
    jsMs: 0,
    examples: [],
  };
  texts.forEach((text, index) => {
    const started = performance.now();
    const js = jsTokens(text);
    parity.jsMs += performance.now() - started;
    const expected = fts[index] ?? [];
    parity.tokens += expected.length;
    const same = js.length === expected.length && js.every((term, at) => term === expected[at]);
    const ascii = !/[^\p{ASCII}]/u.test(text);
    if (same) parity.same += 1;
    if (!ascii) parity.nonAscii += 1;
    if (!ascii && same) parity.nonAsciiSame += 1;
    if (!same && parity.examples.length < 5) {
      const differs = js.findIndex((term, i) => term !== expected[i]);
      const at = differs >= 0 ? differs : Math.min(js.length, expected.length);
      parity.examples.push(
        `js ${js.slice(at, at + 3).join(" ")} / fts ${expected.slice(at, at + 3).join(" ")}`,
      );
    }
  });
  return parity;
}

function report(name: string, texts: Iterable<string>): void {
  const parity = compare([...new Set(texts)]);
  const perText = (parity.jsMs * 1000) / Math.max(1, parity.texts);
  const ascii = parity.texts - parity.nonAscii;
  const asciiSame = parity.same - parity.nonAsciiSame;
  process.stdout.write(
    `${name}: ${parity.texts} texts, ${(parity.tokens / 1e6).toFixed(2)}M tokens; same: ` +
      `ASCII ${asciiSame}/${ascii}, non-ASCII ${parity.nonAsciiSame}/${parity.nonAscii}; ` +
      `js ${perText.toFixed(0)} µs/text\n`,
  );
  for (const example of parity.examples) process.stdout.write(`  ${example}\n`);
}

const lme = loadLme(ROOT, Number(values.lme ?? 282));
report(
  "lme",
  lme.flatMap((conversation) => conversation.lines.map((line) => line.content)),
);
const locomo = loadLocomo(ROOT);
report(
  "locomo",
  locomo.flatMap((conversation) =>
    conversation.lines.flatMap((line) => [line.content, line.name ?? ""]),
  ),
);
report(
  "ops",
  loadOps(ROOT, 1).flatMap((conversation) => conversation.lines.map((line) => line.content)),
);
