// The last section of docs/benchmarks.md: why a target was missed, from a profile taken when this
// benchmark was written (the figures above are re-measured on every run; these explanations are
// not). Each note appears only while its target is missed. Pure.

import { ms, sizeName } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";
import type { SizeResult } from "./results-schema.js";

const RECALL_NOTE =
  "Recall latency: two stages grow with the history. (1) FTS5: `toFtsQuery` ORs every word of " +
  "the question, stopwords included, so `of` or `the` match nearly every message and BM25 ranks " +
  "them all; and `MessageRepo.search` computes `snippet()` for all 50 candidates, each a tool " +
  "output of up to 20,000 characters, though recall shows at most k. Profiled at 20k messages: " +
  "the FTS query took 60 ms with snippets, 11 ms without, 1.8 ms without snippets and " +
  "stopwords. (2) Vector KNN: sqlite-vec's vec0 scan is brute force over 384 floats per " +
  "message, 19 ms at 20k and linear in the number of messages. Fixes belong to `store/` and " +
  "`memory/recall.ts`: drop stopwords from the FTS query, compute snippets for the final k " +
  "results only, and quantize the vectors (sqlite-vec int8 or bit vectors) or shorten them.";

const COMPOSE_NOTE =
  "Compose after a new message: the composer re-plans the window and rebuilds the summary block " +
  "and the system prompt as strings (about 300 KB at the 100k budget), and looks their token " +
  "counts up in a cache keyed by the whole text, so every lookup hashes the full string. " +
  "Profiled at 20k over 200 composes: `TextTokenCache.count` 215 ms, `joinSummaryBlock` " +
  "191 ms, `joinSections` 114 ms of CPU; the median compose is about 2 ms, and the tail comes " +
  "from garbage collection and from the turns where the trim point moves. Caching the block " +
  "text per tiling and keying token counts by a hash of the pieces would remove most of it.";

const TURN_NOTE =
  "Turn latency: with a chat model that answers at once, a turn is a few tens of milliseconds " +
  "(compose, the HTTP round trip to the fake, two appends and one fsync), so p95 over the run " +
  "is sensitive to anything else the machine does. The two daemons run interleaved to share " +
  "that noise; a difference above 10% that does not repeat on a re-run is noise, one that does " +
  "is a regression.";

function composeMissed(result: SizeResult): boolean {
  return (
    result.size >= 20_000 &&
    Math.max(result.compose.unchanged.p95, result.compose.newMessage.p95) >= 10
  );
}

export function renderNotes(results: MergedResults): string {
  const notes: string[] = [];
  const hundred = results.sizes.find((result) => result.size === 100_000);
  if (hundred && hundred.recallLatency.p95 >= 50)
    notes.push(`- ${RECALL_NOTE} Measured here: p95 ${ms(hundred.recallLatency.p95)} ms at 100k.`);
  const slowCompose = results.sizes.filter(composeMissed);
  if (slowCompose.length > 0)
    notes.push(
      `- ${COMPOSE_NOTE} Measured here: p95 ${slowCompose
        .map((r) => `${ms(r.compose.newMessage.p95)} ms at ${sizeName(r.size)}`)
        .join(", ")} after a new message.`,
    );
  const [instant, slow] = results.turnLatency?.variants ?? [];
  if (instant && slow && Math.abs(slow.latency.p95 / instant.latency.p95 - 1) >= 0.1)
    notes.push(`- ${TURN_NOTE}`);
  if (notes.length === 0) return "";
  return ["## Why targets were missed", "", ...notes].join("\n");
}
