// `npx tsx bench/recall/run-latency.ts [--messages 100000] [--seed 42] [--queries 120] [--variant NAME]
// [--no-word-index] [--crowd-ahead]`: recall
// latency alone at one history size, the narrow form of `npm run bench -- --size 100k`'s recall
// figure. The same generated history (generator, seed 42, default tool outputs), imported and
// embedded with the `local` embedder (build-agent's path, kept in bench/recall/.cache/); then the
// planted facts' keyword and reworded questions and the negatives, spread over the history, each
// timed three times keeping the fastest (as bench/measures/recall-quality.ts does: other work on
// a shared machine only adds time). Prints p50 / p95 / max in ms, and the share of the asked
// planted facts whose message is in the first 5 and 10 results (quality at this size).
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { agentPaths } from "../../src/config/index.js";
import { importConversation, initAgent } from "../../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../../src/kernel/index.js";
import { createSilentLogger } from "../../src/log/index.js";
import {
  countMessageTokens,
  createLocalEmbedder,
  runEmbeddingJob,
} from "../../src/memory/index.js";
import { meaningIndexOf } from "../../src/memory/recall/meaning-index.js";
import { recall } from "../../src/memory/recall/recall.js";
import type { RecallTuning } from "../../src/memory/recall/recall-tuning.js";
import { openAgentStore } from "../../src/store/index.js";
import { generateConversation, writeConversation } from "../generator/index.js";
import { summarizeLatencies } from "../support/stats.js";
import { readTruthFile } from "../support/truth-file.js";
import { CACHE_DIR } from "./build-agent.js";
import { tuningOf } from "./variants.js";

const { values } = parseArgs({
  options: {
    messages: { type: "string" },
    seed: { type: "string" },
    queries: { type: "string" },
    variant: { type: "string" },
    "no-word-index": { type: "boolean" },
    "crowd-ahead": { type: "boolean" },
  },
});
const messages = Number(values.messages ?? 100_000);
const seed = Number(values.seed ?? 42);
const limit = Number(values.queries ?? 120);

const folder = join(CACHE_DIR, `latency-${messages}-${seed}`);
const agentDir = join(folder, "agent");
const truthFile = join(folder, "truth.json");
const log = (text: string) => process.stderr.write(`[latency ${messages}] ${text}\n`);

async function build(): Promise<void> {
  const building = `${folder}.building`;
  rmSync(building, { recursive: true, force: true });
  mkdirSync(building, { recursive: true });
  const file = join(building, "conversation.jsonl");
  log("generating");
  const conversation = generateConversation({ seed, messages });
  await writeConversation({
    conversation,
    messagesPath: file,
    truthPath: join(building, "truth.json"),
  });
  log("importing");
  const dir = join(building, "agent");
  await initAgent({ agentDir: dir, git: false });
  await importConversation({ agentDir: dir, file, clock: SYSTEM_CLOCK });
  rmSync(file, { force: true });
  log("embedding");
  const store = openAgentStore({
    paths: agentPaths(dir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
  try {
    await runEmbeddingJob({ store, embedder: createLocalEmbedder(), logger: createSilentLogger() });
  } finally {
    store.close();
  }
  renameSync(building, folder);
}

/** A question asked, with the planted fact's message and its set (none for a negative). */
interface Asked {
  query: string;
  seq?: number;
  set?: "keyword" | "reworded";
}

/** What a running daemon has warm before a search: the common words' postings, the meaning index. */
function warmUp(store: ReturnType<typeof openAgentStore>, tuning: RecallTuning): string {
  // As the daemon does in the background: the common words' postings (word-index.ts).
  const warming = performance.now();
  if (!values["no-word-index"]) store.messages.words.warmAll();
  const warmed = `word index ${values["no-word-index"] ? "off" : "built"} in ${((performance.now() - warming) / 1000).toFixed(1)} s, ${(store.messages.words.bytes / 1e6).toFixed(0)} MB`;
  // As a running daemon has it (src/plugins/recall-warmup/): the meaning index read, then, with
  // --crowd-ahead, its rows' crowding worked out (what its read-ahead does next, in steps).
  if (tuning.meaningLeg.weight <= 0) return `${warmed}; meaning leg off`;
  const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(1);
  const reading = performance.now();
  const index = meaningIndexOf(store, tuning.meaningLeg.size);
  index.refresh();
  const meaning = `${warmed}; meaning index read in ${seconds(reading)} s`;
  if (!values["crowd-ahead"] || !tuning.meaningLeg.hubness) return meaning;
  const crowding = performance.now();
  while (!index.crowdStep(256));
  return `${meaning}, its crowding in ${seconds(crowding)} s`;
}

async function main(): Promise<void> {
  if (!existsSync(folder)) await build();
  const tuning = tuningOf(values.variant ?? "kern");
  const truth = readTruthFile(truthFile);
  const asked = truth.facts.flatMap((fact): Asked[] =>
    fact.kind === "negative"
      ? [{ query: fact.question }]
      : [
          { query: fact.question, seq: fact.seq, set: "keyword" as const },
          { query: fact.rewordedQuestion, seq: fact.seq, set: "reworded" as const },
        ],
  );
  const step = Math.max(1, asked.length / limit);
  const queries = Array.from(
    { length: Math.min(limit, asked.length) },
    (_, i): Asked => asked[Math.floor(i * step)] ?? { query: "" },
  );
  const store = openAgentStore({
    paths: agentPaths(agentDir),
    clock: SYSTEM_CLOCK,
    countTokens: countMessageTokens,
  });
  const deps = { store, embedder: createLocalEmbedder() };
  try {
    const warmed = warmUp(store, tuning);
    await recall(deps, { query: "warm up the prepared statements", k: 10, tuning });
    const times: number[] = [];
    // The first asking of each question, before anything it reads is warm (the meaning leg's
    // crowding is kept once computed: the fastest of three would hide its cost).
    const firsts: number[] = [];
    const ranks = { keyword: [] as number[], reworded: [] as number[] };
    for (const asking of queries) {
      let best = Number.POSITIVE_INFINITY;
      const first = performance.now();
      let report = await recall(deps, { query: asking.query, k: 10, tuning });
      firsts.push(performance.now() - first);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const started = performance.now();
        report = await recall(deps, { query: asking.query, k: 10, tuning });
        best = Math.min(best, performance.now() - started);
      }
      times.push(best);
      if (asking.seq === undefined || !asking.set) continue;
      const seq = asking.seq;
      ranks[asking.set].push(
        report.results.findIndex((r) => r.seqStart <= seq && seq < r.seqEnd) + 1 || Infinity,
      );
    }
    const summary = summarizeLatencies(times);
    const cold = summarizeLatencies(firsts);
    const within = (list: number[], k: number) =>
      (list.filter((rank) => rank <= k).length / Math.max(1, list.length)).toFixed(3);
    process.stdout.write(
      `recall latency at ${store.messages.totals().messages} messages, ${times.length} queries, k 10: ` +
        `p50 ${summary.p50} ms, p95 ${summary.p95} ms, max ${summary.max} ms\n` +
        `first asking: p50 ${cold.p50} ms, p95 ${cold.p95} ms, max ${cold.max} ms\n` +
        `${warmed}\n` +
        `planted facts found @5 / @10: keyword ${within(ranks.keyword, 5)} / ` +
        `${within(ranks.keyword, 10)} (${ranks.keyword.length}), reworded ` +
        `${within(ranks.reworded, 5)} / ${within(ranks.reworded, 10)} (${ranks.reworded.length})\n`,
    );
  } finally {
    store.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
