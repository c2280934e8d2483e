// The yardstick run as markdown: per query set, each leg's @1/@5/@10 (BM25, the FTS5 reference,
// kern's legs and final) for the first variant; then, per variant, final @5/@10 per set and the
// sum, against the first variant. Pure.
import { KS, type Tally } from "./tally.js";

const SETS = ["lme", "locomo", "ops-keyword", "ops-question", "ops-reworded"];
const LEGS = ["bm25", "fts5ref", "fts", "vectors", "fused", "final"];

const f = (value: number) => value.toFixed(3);

export function renderTable(
  tally: Tally,
  variants: readonly string[],
  options: { lmeLimit: number; opsSample: number },
): string {
  const sets = SETS.filter((set) => tally.count(`-|${set}|bm25`) > 0);
  const [first = "kern"] = variants;
  const lines = [
    `Recall yardsticks (ops sample: every ${options.opsSample} question(s); LongMemEval limit ${options.lmeLimit})`,
    "",
    `| set (n) | leg | @1 | @5 | @10 |`,
    "|---|---|---:|---:|---:|",
  ];
  for (const set of sets) {
    for (const leg of LEGS) {
      const key =
        leg === "bm25" || leg === "fts5ref" ? `-|${set}|${leg}` : `${first}|${set}|${leg}`;
      lines.push(
        `| ${set} (${tally.count(key)}) | ${leg} | ${KS.map((k) => f(tally.rate(key, k))).join(" | ")} |`,
      );
    }
  }
  if (variants.length > 1) {
    lines.push("", `| variant | ${sets.map((s) => `${s} @5 / @10`).join(" | ")} | sum |`);
    lines.push(`|---|${sets.map(() => "---:").join("|")}|---:|`);
    for (const variant of variants) {
      let sum = 0;
      const cells = sets.map((set) => {
        const key = `${variant}|${set}|final`;
        const [at5, at10] = [tally.rate(key, 5), tally.rate(key, 10)];
        sum += at5 + at10;
        return `${f(at5)} / ${f(at10)}`;
      });
      lines.push(`| ${variant} | ${cells.join(" | ")} | ${f(sum)} |`);
    }
  }
  const categories = [...tally.cells.keys()]
    .filter((key) => key.startsWith(`${first}|`) && key.includes("|final@"))
    .sort();
  lines.push("", "| set | category (n) | final @5 | final @10 |", "|---|---|---:|---:|");
  for (const key of categories) {
    const [, set, leg] = key.split("|");
    lines.push(
      `| ${set} | ${leg?.slice("final@".length)} (${tally.count(key)}) | ${f(tally.rate(key, 5))} | ${f(tally.rate(key, 10))} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
