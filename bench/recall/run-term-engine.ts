// `npx tsx bench/recall/run-term-engine.ts [--messages 100000] [--queries 150]`: recall's lexical
// search alone (MessageRepo.search, top 100), through the common words' index
// (src/store/word-index.ts) and with FTS5's bm25() alone,
// on run-latency's cached history (build it with run-latency.ts first). Prints the index's build
// time and size, how many queries got the same top 100 with the same scores, and both p50 / p95
// (each query timed three times, the fastest kept). ADR 0004, round 16.
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentPaths } from "../../src/config/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { countMessageTokens } from "../../src/memory/index.js";
import { ftsPhrases } from "../../src/store/fts-query.js";
import { DEFAULT_FIELD_WEIGHTS, openAgentStore } from "../../src/store/index.js";
import { summarizeLatencies } from "../support/stats.js";
import { readTruthFile } from "../support/truth-file.js";
import { CACHE_DIR } from "./build-agent.js";

const { values } = parseArgs({
  options: { messages: { type: "string" }, queries: { type: "string" } },
});
const size = Number(values.messages ?? 100_000);
const limit = Number(values.queries ?? 150);
const folder = join(CACHE_DIR, `latency-${size}-42`);
const K = 100;
const WEIGHTS = Object.values(DEFAULT_FIELD_WEIGHTS);

const store = openAgentStore({
  paths: agentPaths(join(folder, "agent")),
  clock: SYSTEM_CLOCK,
  countTokens: countMessageTokens,
});
const truth = readTruthFile(join(folder, "truth.json"));
const asked = truth.facts.flatMap((fact) =>
  fact.kind === "negative" ? [fact.question] : [fact.question, fact.rewordedQuestion],
);
const step = Math.max(1, asked.length / limit);
const queries = Array.from({ length: Math.min(limit, asked.length) }, (_, i) =>
  String(asked[Math.floor(i * step)]),
);
const fastest = (run: () => unknown) => {
  let best = Number.POSITIVE_INFINITY;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const at = performance.now();
    run();
    best = Math.min(best, performance.now() - at);
  }
  return best;
};
// Before the index is built, search is FTS5 alone.
const ftsAlone = (query: string) => store.messages.search(query, { k: K });
const ftsMs: number[] = [];
const expected = queries.map((query) => {
  ftsMs.push(fastest(() => ftsAlone(query)));
  return ftsAlone(query);
});
const rss = process.memoryUsage().rss;
const started = performance.now();
store.messages.words.warmAll();
const buildMs = performance.now() - started;
const grown = process.memoryUsage().rss - rss;
let same = 0;
let answered = 0;
let gap = 0;
const indexMs: number[] = [];
for (const [index, query] of queries.entries()) {
  const phrases = ftsPhrases(query);
  const ours = store.messages.words.rank(phrases, WEIGHTS, K);
  const theirs = expected[index] ?? [];
  if (!ours) continue;
  answered += 1;
  const byId = new Map(ours.map((hit) => [hit.id, hit.score]));
  // Equal scores may swap places at the 100th.
  if (theirs.filter((hit) => byId.has(hit.id)).length >= theirs.length - 1) same += 1;
  for (const hit of theirs) {
    const score = byId.get(hit.id);
    if (score !== undefined) gap = Math.max(gap, Math.abs(score - hit.score));
  }
  indexMs.push(fastest(() => store.messages.search(query, { k: K })));
}
const mine = summarizeLatencies(indexMs);
const theirs = summarizeLatencies(ftsMs);
process.stdout.write(
  `${store.messages.totals().messages} messages: word index built in ` +
    `${(buildMs / 1000).toFixed(1)} s, ${(store.messages.words.bytes / 1e6).toFixed(0)} MB of ` +
    `postings, RSS +${(grown / 1e6).toFixed(0)} MB\n` +
    `answered ${answered}/${queries.length} queries; same top ${K} as FTS5: ${same}; ` +
    `largest score gap ${gap.toExponential(1)}\n` +
    `top ${K}, ms: word index p50 ${mine.p50} p95 ${mine.p95} | FTS5 alone ` +
    `p50 ${theirs.p50} p95 ${theirs.p95}\n`,
);
store.close();
