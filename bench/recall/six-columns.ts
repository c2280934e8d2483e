// The six yardsticks of issue 51 as one row per variant, and the discipline against fitting: a
// change is kept only when it raises the sum over the six, raises at least four of them and
// loses no more than a point on any; and, for a change with a parameter, the value chosen on
// five yardsticks still gains on the sixth (leave-one-out), for each of the six. A yardstick's
// score is the mean of its final @5 and @10 (ops-dev: over its three query sets). Pure.
import type { Tally } from "./tally.js";

/** The six yardsticks, each the query sets it averages. */
export const SIX: ReadonlyArray<{ name: string; sets: readonly string[] }> = [
  { name: "lme", sets: ["lme"] },
  { name: "locomo", sets: ["locomo"] },
  { name: "ops", sets: ["ops-keyword", "ops-question", "ops-reworded"] },
  { name: "realtalk", sets: ["realtalk"] },
  { name: "beam", sets: ["beam"] },
  { name: "locomo-plus", sets: ["locomo-plus"] },
];

export interface SixRow {
  variant: string;
  /** Per yardstick: final @5, @10 and their mean (the score), undefined when not run. */
  cells: Array<{ at5: number; at10: number; score: number } | undefined>;
  sum: number;
}

export function sixRow(tally: Tally, variant: string): SixRow {
  const cells = SIX.map(({ sets }) => {
    const run = sets.filter((set) => tally.count(`${variant}|${set}|final`) > 0);
    if (run.length === 0) return undefined;
    const mean = (k: number) =>
      run.reduce((sum, set) => sum + tally.rate(`${variant}|${set}|final`, k), 0) / run.length;
    const [at5, at10] = [mean(5), mean(10)];
    return { at5, at10, score: (at5 + at10) / 2 };
  });
  return { variant, cells, sum: cells.reduce((sum, cell) => sum + (cell?.score ?? 0), 0) };
}

/** One point: 0.01 of a yardstick's score. */
const POINT = 0.01;
const EPSILON = 1e-9;

export interface Verdict {
  /** Per yardstick, the change's gain in points (undefined when not run on both). */
  deltas: Array<number | undefined>;
  sumDelta: number;
  up: number;
  worst: number;
  /** The sum rises, four or more rise, none falls by more than a point. */
  passes: boolean;
}

/** `change` against `base` (the ranking without it) under the discipline. */
export function verdict(change: SixRow, base: SixRow): Verdict {
  const deltas = change.cells.map((cell, index) => {
    const other = base.cells[index];
    return cell && other ? (cell.score - other.score) / POINT : undefined;
  });
  const known = deltas.filter((delta): delta is number => delta !== undefined);
  const up = known.filter((delta) => delta > EPSILON).length;
  const worst = Math.min(0, ...known);
  const sumDelta = known.reduce((sum, delta) => sum + delta, 0);
  return { deltas, sumDelta, up, worst, passes: sumDelta > EPSILON && up >= 4 && worst >= -1 };
}

export interface LeaveOneOut {
  /** The yardstick held out. */
  heldOut: string;
  /** The variant chosen on the other five (highest sum there). */
  chosen: string;
  /** Its gain over the base on the held-out yardstick, in points. */
  gain: number;
}

/**
 * For each yardstick, the grid's variant with the highest sum over the other five, and what it
 * gains on the one held out against `base`.
 */
export function leaveOneOut(grid: readonly SixRow[], base: SixRow): LeaveOneOut[] {
  return SIX.flatMap(({ name }, held) => {
    const others = (row: SixRow) =>
      row.cells.reduce((sum, cell, index) => sum + (index === held ? 0 : (cell?.score ?? 0)), 0);
    const best = grid.reduce<SixRow | undefined>(
      (top, row) => (top === undefined || others(row) > others(top) + EPSILON ? row : top),
      undefined,
    );
    const [mine, theirs] = [best?.cells[held], base.cells[held]];
    if (!best || !mine || !theirs) return [];
    return [{ heldOut: name, chosen: best.variant, gain: (mine.score - theirs.score) / POINT }];
  });
}
