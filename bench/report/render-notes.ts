// The last section of docs/benchmarks.md: why a target was missed, from a profile taken when this
// benchmark was written (the figures above are re-measured on every run; these explanations are
// not). Each note appears only while its target is missed. Pure.

import { ms, sizeName } from "./markdown-format.js";
import { turnChange } from "./render-checks.js";
import type { MergedResults } from "./results-files.js";
import type { SizeResult } from "./results-schema.js";

/** Why recall misses its target at 100k, from its two stages timed apart. */
function recallNote(result: SizeResult): string {
  const { fts, vector } = result.recallStages;
  const parts = [
    `Recall latency: p95 ${ms(result.recallLatency.p95)} ms at 100k. Timed apart, the FTS5 ` +
      `query took p50 ${ms(fts.p50)} / p95 ${ms(fts.p95)} ms and the vector ranking p50 ` +
      `${ms(vector.p50)} / p95 ${ms(vector.p95)} ms.`,
  ];
  if (vector.p50 >= 25)
    parts.push(
      "The vector stage (the `local` embedder) reads the heads of the 100 FTS candidates and " +
        "hashes them and gives them their meaning: its cost does not grow with the history, " +
        "but it is CPU time that other work on the machine slows down (profiled at 100k on an " +
        "idle moment: ~5 ms hashing, ~5 ms meaning, ~1.5 ms reading).",
    );
  if (fts.p50 >= 25)
    parts.push(
      "The FTS stage ranks every message that shares a term with the question (BM25 over all " +
        "matches), so common terms cost time in proportion to the history; tool outputs (most " +
        "of the indexed text in these histories) are in the same index.",
    );
  return parts.join(" ");
}

const COMPOSE_NOTE =
  "Compose after a new message: the composer re-plans the window and rebuilds the summary block " +
  "and the system prompt as strings (about 300 KB at the 100k budget), and looks their token " +
  "counts up in a cache keyed by the whole text, so every lookup hashes the full string. " +
  "Profiled at 20k over 200 composes: `TextTokenCache.count` 215 ms, `joinSummaryBlock` " +
  "191 ms, `joinSections` 114 ms of CPU; the median compose is about 2 ms, and the tail comes " +
  "from garbage collection and from the turns where the trim point moves. Caching the block " +
  "text per tiling and keying token counts by a hash of the pieces would remove most of it.";

const PER_TURN_NOTE =
  "Per-turn worker cost at 100k (no target, but it is CPU spent after every turn): most of it " +
  "goes to queries that read every row of the segments table, summaries included. " +
  "`MemoryEngine.state()` runs `staleCount()` and `levelEnd()` at the start and the end of every " +
  "worker run (for the memory-update event), and the rollup job lists all segments. Profiled at " +
  "100k over 15 turns: `state()` took half of the worker's time, the rollup job's " +
  "`segments.list` a sixth, the segmentation job (vectors of the recent messages) an eighth. An " +
  "index on `stale` and on `(session, level, seq_end)`, or counters kept by the repository, " +
  "would make the per-turn cost independent of the history's length.";

const TURN_NOTE =
  "Turn latency: with a chat model that answers at once, a turn is a few tens of milliseconds " +
  "(compose, the HTTP round trip to the fake, two appends and one fsync), so p95 over the run " +
  "is sensitive to anything else the machine does. The two daemons run interleaved to share " +
  "that noise; a difference above 10% that does not repeat on a re-run is noise, one that does " +
  "is a regression.";

const BACKLOG_NOTE =
  "Not a miss, but worth knowing: turns were a little faster with the slow summary model (in " +
  "every run of this measure made while writing it, by 9–19% at p95). A likely reason: the memory " +
  "worker is one serial queue whose summarize step awaits the model calls, so while a 5 s " +
  "summary is out it runs nothing else (no embedding, segmentation or summary writes competing " +
  "with turns for the CPU or invalidating the composer's cache). The cost shows elsewhere: " +
  "memory freshness lags by the whole summary backlog. One worker run lasts as long as all the " +
  "summary calls it found (segments × seconds per summary / summaryConcurrency: minutes for a " +
  "model re-summarizing an imported history), and the embedding and segmentation of new " +
  "messages wait for it. Turns never wait (the window and extractive stand-ins cover the gap), " +
  "but recall does not see the newest messages' vectors meanwhile. Running summaries beside " +
  "the embed and segment steps instead of inside the serial run would remove the lag.";

/**
 * The planted 300k chat-shaped history before the lean index (issue 50, ADR 0017): commit
 * be4a4b0 measured by the same command on 2026-12-02 16:35 UTC (load 4.9 at its end), five minutes
 * after a run of the lean index on the same machine, so its figures stay beside the new: timings
 * on this shared machine move by 2–3× between hours, so only runs made back to back compare.
 */
const BEFORE_LEAN = {
  commit: "be4a4b0",
  dbBytes: 311_091_200,
  logBytes: 130_374_389,
  perS: 13_168,
  recall: { p50: 3.38, p95: 6.19 },
};

function cliAppend(result: SizeResult): string {
  const cli = result.cliImport;
  if (!cli?.appendMs) return "–";
  return Math.round(cli.imported / (cli.appendMs / 1000)).toLocaleString("en-US");
}

function leanNote(result: SizeResult): string | null {
  if (!result.disk || result.machine.commit.startsWith(BEFORE_LEAN.commit)) return null;
  const ratio = (db: number, log: number) => `${(db / log).toFixed(2)}×`;
  const mib = (bytes: number) => Math.round(bytes / 1_048_576);
  const load = result.machine.loadAverage.map((value) => value.toFixed(1)).join(" / ");
  const before = BEFORE_LEAN.recall;
  return (
    "- Lean index (issue 50, ADR 0017): on the planted 300k history, kern.db / session log was " +
    `${mib(BEFORE_LEAN.dbBytes)} / ${mib(BEFORE_LEAN.logBytes)} MB ` +
    `(${ratio(BEFORE_LEAN.dbBytes, BEFORE_LEAN.logBytes)}) before it (commit ` +
    `${BEFORE_LEAN.commit}, run back to back with a run of the lean index), with the import at ` +
    `${BEFORE_LEAN.perS.toLocaleString("en-US")} messages/s and recall p50 / p95 at ` +
    `${before.p50} / ${before.p95} ms; this run: ${mib(result.disk.dbBytes)} / ` +
    `${mib(result.disk.logBytes)} MB (${ratio(result.disk.dbBytes, result.disk.logBytes)}), the ` +
    `in-process import at ${result.import.messagesPerSecond.toLocaleString("en-US")} messages/s, ` +
    `recall p50 / p95 at ${ms(result.recallLatency.p50)} / ${ms(result.recallLatency.p95)} ms ` +
    `and \`kern import\`'s append step (its own process, later in the run) at ` +
    `${cliAppend(result)} messages/s; load average at the run's end ${load} on 2 cores. A recall ` +
    "reads its ~140 candidates' lines from the log (one read, a JSON parse and the log's schema " +
    "each: 0.22, 0.12 and 0.18 ms for 140 lines) where it read their rows' text."
  );
}

function composeMissed(result: SizeResult): boolean {
  return (
    result.size >= 20_000 &&
    Math.max(result.compose.unchanged.p95, result.compose.newMessage.p95) >= 10
  );
}

export function renderNotes(results: MergedResults): string {
  const notes: string[] = [];
  const hundred = results.sizes.find((result) => result.size === 100_000);
  if (hundred && hundred.recallLatency.p95 >= 50) notes.push(`- ${recallNote(hundred)}`);
  const slowCompose = results.sizes.filter(composeMissed);
  if (slowCompose.length > 0)
    notes.push(
      `- ${COMPOSE_NOTE} Measured here: p95 ${slowCompose
        .map((r) => `${ms(r.compose.newMessage.p95)} ms at ${sizeName(r.size)}`)
        .join(", ")} after a new message.`,
    );
  if (hundred && hundred.perTurn.latency.p50 > 100)
    notes.push(
      `- ${PER_TURN_NOTE} Measured here: p50 ${ms(hundred.perTurn.latency.p50)} ms per turn at ` +
        `100k, against ${results.sizes
          .filter((r) => r.size < 100_000)
          .map((r) => `${ms(r.perTurn.latency.p50)} ms at ${sizeName(r.size)}`)
          .join(", ")}.`,
    );
  const [instant, slow] = results.turnLatency?.variants ?? [];
  if (instant && slow && !turnChange(instant, slow).met) notes.push(`- ${TURN_NOTE}`);
  if (instant && slow && slow.latency.p95 < instant.latency.p95)
    notes.push(
      `- ${BACKLOG_NOTE} Measured here: ${slow.backlog.unembedded} messages not embedded and ` +
        `${slow.backlog.unsegmented} not segmented at the end with the slow model, against ` +
        `${instant.backlog.unembedded} and ${instant.backlog.unsegmented} with the fast one; ` +
        `${slow.segmentsClosed} segments closed against ${instant.segmentsClosed}.`,
    );
  const measured = results.sizes.filter((r) => r.cliImport?.peakRssMb != null);
  const largest = measured.at(-1);
  if (largest?.cliImport?.peakRssMb != null)
    notes.push(
      "- Import memory: an import reads the file twice in 1 MB chunks (validate, then append in " +
        "batches), so nothing holds the whole file. The bench's own process imports in-process " +
        `with V8's default heap, which grows lazily (${Math.round(largest.rss.afterImportMb)} MB ` +
        `after the import at ${sizeName(largest.size)}, mostly garbage); \`kern import\` runs ` +
        `with a capped heap: ${largest.cliImport.peakRssMb} MB peak for the whole process tree ` +
        `at ${sizeName(largest.size)}, memory build included (ADR 0005).`,
    );
  const lean = results.sizes.find((result) => result.size === 300_000);
  const leanText = lean ? leanNote(lean) : null;
  if (leanText) notes.push(leanText);
  if (notes.length === 0) return "";
  return ["## Why targets were missed, and other findings", "", ...notes].join("\n");
}
