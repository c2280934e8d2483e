// The yardstick run as markdown: per query set, each leg's @1/@5/@10 (BM25, the FTS5 reference,
// kern's legs and final) for the first variant; the six yardsticks' row per variant (final @5 /
// @10 and the score, their mean) with each variant judged against the first under issue 51's
// discipline; the leave-one-out table of each family of variants run (variants.ts); and @5 / @10
// per category beside BM25 and the FTS5 reference. Pure.
import { leaveOneOut, SIX, type SixRow, sixRow, verdict } from "./six-columns.js";
import { KS, type Tally } from "./tally.js";

const SETS = SIX.flatMap((yardstick) => yardstick.sets);
const LEGS = ["bm25", "fts5ref", "fts", "vectors", "fused", "final"];

const f = (value: number) => value.toFixed(3);
const signed = (value: number) => `${value >= 0 ? "+" : ""}${value.toFixed(1)}`;

export interface Family {
  /** The variant without the change. */
  base: string;
  /** The change at each value of its parameter (the default among them). */
  grid: readonly string[];
}

function legTable(tally: Tally, sets: readonly string[], first: string): string[] {
  const lines = ["| set (n) | leg | @1 | @5 | @10 |", "|---|---|---:|---:|---:|"];
  for (const set of sets) {
    for (const leg of LEGS) {
      const key =
        leg === "bm25" || leg === "fts5ref" ? `-|${set}|${leg}` : `${first}|${set}|${leg}`;
      const rates = KS.map((k) => f(tally.rate(key, k))).join(" | ");
      lines.push(`| ${set} (${tally.count(key)}) | ${leg} | ${rates} |`);
    }
  }
  return lines;
}

/** Each anchor's row of the six (BM25, the FTS5 reference), for the final ranking to beat. */
function anchorRow(tally: Tally, leg: string): SixRow {
  const cells = SIX.map(({ sets }) => {
    const run = sets.filter((set) => tally.count(`-|${set}|${leg}`) > 0);
    if (run.length === 0) return undefined;
    const mean = (k: number) =>
      run.reduce((sum, set) => sum + tally.rate(`-|${set}|${leg}`, k), 0) / run.length;
    const [at5, at10] = [mean(5), mean(10)];
    return { at5, at10, score: (at5 + at10) / 2 };
  });
  return { variant: leg, cells, sum: cells.reduce((sum, cell) => sum + (cell?.score ?? 0), 0) };
}

function sixTable(tally: Tally, variants: readonly string[]): string[] {
  const rows = variants.map((variant) => sixRow(tally, variant));
  const [base] = rows;
  const header = SIX.map((y) => `${y.name} @5 / @10`).join(" | ");
  const lines = [
    `| variant | ${header} | sum | against ${base?.variant ?? "—"} (points, per yardstick) | up | rule |`,
    `|---|${SIX.map(() => "---:").join("|")}|---:|---|---:|---|`,
  ];
  const cell = (c: SixRow["cells"][number]) => (c ? `${f(c.at5)} / ${f(c.at10)}` : "—");
  for (const anchor of ["bm25", "fts5ref"]) {
    const row = anchorRow(tally, anchor);
    lines.push(`| ${anchor} | ${row.cells.map(cell).join(" | ")} | ${f(row.sum)} | | | |`);
  }
  for (const row of rows) {
    const judged = base && row !== base ? verdict(row, base) : undefined;
    const deltas = judged?.deltas.map((d) => (d === undefined ? "—" : signed(d))).join(" ");
    const rule = judged ? (judged.passes ? "passes" : "fails") : "";
    lines.push(
      `| ${row.variant} | ${row.cells.map(cell).join(" | ")} | ${f(row.sum)} | ${deltas ?? ""} | ${judged?.up ?? ""} | ${rule} |`,
    );
  }
  return lines;
}

function looTables(
  tally: Tally,
  variants: readonly string[],
  families: Readonly<Record<string, Family>>,
): string[] {
  const lines: string[] = [];
  for (const [name, family] of Object.entries(families)) {
    const wanted = [family.base, ...family.grid];
    if (!wanted.every((variant) => variants.includes(variant))) continue;
    const base = sixRow(tally, family.base);
    const grid = family.grid.map((variant) => sixRow(tally, variant));
    const held = leaveOneOut(grid, base);
    lines.push(
      "",
      `Leave-one-out, ${name} (against ${family.base}; grid ${family.grid.join(", ")}):`,
      "",
      "| held out | chosen on the other five | gain on the held-out (points) |",
      "|---|---|---:|",
      ...held.map((row) => `| ${row.heldOut} | ${row.chosen} | ${signed(row.gain)} |`),
    );
  }
  return lines;
}

function categoryTable(tally: Tally, first: string): string[] {
  const categories = [...tally.cells.keys()]
    .filter((key) => key.startsWith(`${first}|`) && key.includes("|final@"))
    .sort();
  const lines = [
    "| set | category (n) | BM25 @5 / @10 | FTS5 ref @5 / @10 | final @5 / @10 |",
    "|---|---|---:|---:|---:|",
  ];
  const pair = (key: string) => `${f(tally.rate(key, 5))} / ${f(tally.rate(key, 10))}`;
  for (const key of categories) {
    const [, set, leg] = key.split("|");
    const category = leg?.slice("final@".length) ?? "";
    const anchor = (name: string) => pair(`-|${set}|${name}@${category}`);
    lines.push(
      `| ${set} | ${category} (${tally.count(key)}) | ${anchor("bm25")} | ${anchor("fts5ref")} | ${pair(key)} |`,
    );
  }
  return lines;
}

export function renderTable(
  tally: Tally,
  variants: readonly string[],
  options: { lmeLimit: number; opsSample: number },
  families: Readonly<Record<string, Family>> = {},
): string {
  const sets = SETS.filter((set) => tally.count(`-|${set}|bm25`) > 0);
  const [first = "kern"] = variants;
  const lines = [
    `Recall yardsticks (ops sample: every ${options.opsSample} question(s); LongMemEval limit ${options.lmeLimit})`,
    "",
    ...sixTable(tally, variants),
    ...looTables(tally, variants, families),
    "",
    ...legTable(tally, sets, first),
    "",
    ...categoryTable(tally, first),
  ];
  return `${lines.join("\n")}\n`;
}
