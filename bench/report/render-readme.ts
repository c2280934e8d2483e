// README's "Measured" section: the headline table of docs/benchmarks.md and LongMemEval's recall,
// rendered from the same results in the same run, between two markers in README.md, so the two
// documents cannot disagree (bench/report/report-in-sync.test.ts checks it). Pure.
import { number, percent } from "./markdown-format.js";
import { headlineSizes, headlineTable } from "./render-headline.js";
import type { LongMemEvalResult } from "./render-longmemeval.js";
import type { MergedResults } from "./results-files.js";

export const README_START =
  "<!-- measured: written by `npm run bench` (bench/report/render-readme.ts); do not edit -->";
export const README_END = "<!-- /measured -->";

function longMemEvalLine(result: LongMemEvalResult | null): string {
  const final = result?.overall["final"]?.turn;
  const bm25 = result?.overall["bm25"]?.turn;
  if (!result || !final || !bm25) return "";
  const at = (recall: Record<string, number>, k: string) => percent(recall[k] ?? 0, 1);
  return (
    `Recall on real conversations, ${result.source}: of ${result.questions} questions, kern ` +
    `finds the evidence among the first 10 messages shown for ${at(final, "10")}, BM25 over ` +
    `single messages in the same run for ${at(bm25, "10")}; among the first 5, ` +
    `${at(final, "5")} against ${at(bm25, "5")}.`
  );
}

/** The block between the markers (markers included). */
export function renderReadmeMeasured(
  results: MergedResults,
  longMemEval: LongMemEvalResult | null,
): string {
  const lme = longMemEvalLine(longMemEval);
  const [low, high] = headlineSizes(results)[0]?.toolOutputChars ?? [0, 0];
  return [
    README_START,
    "From [docs/benchmarks.md](docs/benchmarks.md) (`npm run bench`, one run: generated histories " +
      `with tool outputs of ${number(low)}–${number(high)} characters, offline defaults, on a shared 2-core machine: ` +
      "latencies are upper bounds). The machine, the method, every other figure and the misses " +
      "with their reasons are there.",
    "",
    headlineTable(results),
    ...(lme ? ["", lme] : []),
    README_END,
  ].join("\n");
}

/** README.md with its measured block replaced; throws when the markers are missing. */
export function replaceReadmeMeasured(readme: string, block: string): string {
  const start = readme.indexOf(README_START);
  const end = readme.indexOf(README_END, start);
  if (start < 0 || end < 0) {
    throw new Error(
      `README.md has no "Measured" markers: put ${README_START} and ${README_END} around the ` +
        "section's figures",
    );
  }
  return readme.slice(0, start) + block + readme.slice(end + README_END.length);
}
