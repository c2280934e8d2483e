// The FTS5 reference of issue 30 (../shared/tools/fts5_reference.py) in TypeScript, for the same
// run as kern: one in-memory FTS5 table, three columns (the message, its speaker's name, the
// messages before and after it), porter stemming, the OR of the question's content words, bm25()
// with weights 1 / 0.6 / 0.25. A yardstick, not kern's ranking.
import Database from "better-sqlite3";
import type { ImportLine } from "./yardstick-data.js";

const STOP = new Set(
  (
    "a an the of to in on at for and or but is are was were be been being do does did have has had i " +
    "you he she it we they me him her them my your his its our their what when where who whom which " +
    "why how that this these those with from by as about into than then so not no yes can could " +
    "would should will shall may might must just also very really there here if any all some more " +
    "most other such only own same too s t don doesn didn won"
  ).split(" "),
);

function terms(question: string): string[] {
  return (question.toLowerCase().match(/[a-z0-9]+/g) ?? []).filter(
    (word) => !STOP.has(word) && word.length > 1,
  );
}

export interface Fts5Reference {
  /** Message indexes (seq), best first, at most `k`. */
  search(question: string, k: number): number[];
  close(): void;
}

export function buildFts5Reference(lines: readonly ImportLine[]): Fts5Reference {
  const db = new Database(":memory:");
  db.exec("CREATE VIRTUAL TABLE m USING fts5(content, name, ctx, tokenize='porter unicode61')");
  const insert = db.prepare("INSERT INTO m (rowid, content, name, ctx) VALUES (?, ?, ?, ?)");
  db.transaction(() => {
    lines.forEach((line, index) => {
      const ctx = [lines[index - 1], lines[index + 1]].map((near) => near?.content ?? "").join(" ");
      insert.run(index, line.content, line.name ?? "", ctx);
    });
  })();
  const query = db.prepare(
    "SELECT rowid FROM m WHERE m MATCH ? ORDER BY bm25(m, 1.0, 0.6, 0.25) LIMIT ?",
  );
  return {
    search(question, k) {
      const words = terms(question);
      if (words.length === 0) return [];
      const match = words.map((word) => `"${word}"`).join(" OR ");
      return (query.all(match, k) as Array<{ rowid: number }>).map((row) => row.rowid);
    },
    close: () => db.close(),
  };
}
