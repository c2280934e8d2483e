// `npm run bench:recall [-- --only lme,locomo,ops,realtalk,beam,locomo-plus --lme-limit N
// --ops-sample N --variants a,b --out FILE --report --no-cache]`: recall on the six yardsticks of
// issue 51 (LongMemEval dev, LoCoMo dev, ops-dev, REALTALK dev, BEAM 100K dev, LoCoMo-Plus dev),
// every leg and the final ranking beside BM25 and the FTS5 reference, in one run and one
// process per yardstick, in parallel. Each conversation is built once; built agents are cached in bench/recall/.cache/ (build-agent.ts); each variant (variants.ts: a rule turned off) re-runs
// its questions. Prints a markdown table; --out writes every cell as JSON; --report writes
// bench/results/recall-yardsticks.json and re-renders docs/benchmarks.md (section 6c). Progress
// on stderr.
import { execFileSync, spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { recallWithLegs } from "../../src/memory/recall/recall.js";
import { type Bm25Index, buildBm25 } from "../longmemeval/bm25.js";
import { writeReport } from "../report/write-report.js";
import { buildAgent } from "./build-agent.js";
import type { TreeOptions } from "./build-tree.js";
import { FAMILIES } from "./families.js";
import { buildFts5Reference, type Fts5Reference } from "./fts5-reference.js";
import { joinedTable } from "./meaning-table.js";
import { renderTable } from "./render-table.js";
import { sentenceMeaning } from "./sentence-vectors.js";
import { KS, shownSeqs, Tally } from "./tally.js";
import { treeOf, tuningOf, VARIANTS, vectorsOf } from "./variants.js";
import {
  type Conversation,
  loadYardstick,
  YARDSTICKS,
  type YardstickName,
  type YardstickQuestion,
  type YardstickSample,
} from "./yardstick-data.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const RESULTS_DIR = join(ROOT, "bench", "results");
const DEPTH = 10;
/** `RECALL_MISSES=FILE`: every question whose evidence is not in the final top 5, one JSON line each (diagnosis). */
const MISSES = process.env["RECALL_MISSES"];

function noteMiss(
  file: string,
  variant: string,
  q: YardstickQuestion,
  shown: readonly number[],
  legs: { fts: number[]; vectors: number[]; fused: number[] },
  seqOf: (ids: readonly number[]) => number[],
): void {
  if (shown.slice(0, 5).some((seq) => q.evidence.has(seq))) return;
  const line = {
    variant,
    set: q.set,
    category: q.category,
    question: q.question,
    evidence: [...q.evidence],
    shown: shown.slice(0, 10),
    fts: seqOf(legs.fts),
    vectors: seqOf(legs.vectors),
    fused: seqOf(legs.fused),
  };
  appendFileSync(file, `${JSON.stringify(line)}\n`);
}

interface RunOptions extends YardstickSample {
  /** Reuse built agents from bench/recall/.cache (build-agent.ts); `--no-cache` turns it off. */
  cache: boolean;
}

/** LongMemEval's share of the parallel run: this many child processes. */
const LME_PARTS = 2;

async function runConversation(
  conversation: Conversation,
  workDir: string,
  variants: readonly string[],
  tally: Tally,
  useCache: boolean,
): Promise<void> {
  // The variants that read the memory tree run on an agent built with it (build-agent.ts), one
  // per way of building it; the others on the agent without (recall reads no segment then).
  const groups = new Map<string, string[]>();
  for (const variant of variants) {
    const tree = treeOf(variant);
    const name = tree ? JSON.stringify(tree) : "";
    groups.set(name, [...(groups.get(name) ?? []), variant]);
  }
  const bm25 = buildBm25(conversation.lines.map((l) => `${l.name ?? l.role} ${l.content}`));
  const reference = buildFts5Reference(conversation.lines);
  try {
    let anchors = true;
    for (const [name, group] of groups) {
      const tree = name ? (JSON.parse(name) as TreeOptions) : undefined;
      await runOnAgent(conversation, workDir, group, tally, useCache, tree, {
        bm25: anchors ? bm25 : undefined,
        reference: anchors ? reference : undefined,
      });
      anchors = false;
    }
  } finally {
    reference.close();
  }
}

async function runOnAgent(
  conversation: Conversation,
  workDir: string,
  variants: readonly string[],
  tally: Tally,
  useCache: boolean,
  tree: TreeOptions | undefined,
  anchors: { bm25: Bm25Index | undefined; reference: Fts5Reference | undefined },
): Promise<void> {
  const agent = await buildAgent(conversation, workDir, useCache, tree);
  // As the daemon does in the background: recall's common words' index (word-index.ts).
  agent.store.messages.words.warmAll();
  const { bm25, reference } = anchors;
  try {
    const seqOf = (ids: readonly number[]) => {
      const byId = new Map(agent.store.messages.byIds([...ids]).map((m) => [m.id, m.seq]));
      return ids.flatMap((id) => byId.get(id) ?? []);
    };
    const deps = { store: agent.store, embedder: agent.embedder };
    const encoded = variants.some((v) => vectorsOf(v).meaning === "sentences");
    const sentences = encoded ? await sentenceMeaning(conversation) : null;
    const depsOf = (variant: string) => {
      const { meaning, rerank } = vectorsOf(variant);
      return {
        ...deps,
        ...(rerank ? { wordVectors: joinedTable().vectors } : {}),
        ...(meaning === "joined" ? { meaning: joinedTable().meaning } : {}),
        ...(meaning === "sentences" && sentences ? { meaning: sentences.source } : {}),
      };
    };
    const tunings = variants.map((variant) => [variant, tuningOf(variant)] as const);
    for (const q of conversation.questions) {
      const base = (leg: string) => `-|${q.set}|${leg}`;
      const anchored = [
        ["bm25", bm25?.search(q.question, DEPTH)],
        ["fts5ref", reference?.search(q.question, DEPTH)],
      ] as const;
      for (const [leg, shown] of anchored) {
        if (!shown) continue;
        tally.add(base(leg), shown, q.evidence);
        tally.add(base(`${leg}@${q.category}`), shown, q.evidence);
      }
      for (const [variant, tuning] of tunings) {
        const key = (leg: string) => `${variant}|${q.set}|${leg}`;
        const { legs, report: final } = await recallWithLegs(depsOf(variant), {
          query: q.question,
          k: DEPTH,
          tuning,
          ...(q.askedAt ? { now: q.askedAt } : {}),
        });
        tally.add(key("fts"), seqOf(legs.fts), q.evidence);
        tally.add(key("vectors"), seqOf(legs.vectors), q.evidence);
        tally.add(key("fused"), seqOf(legs.fused), q.evidence);
        const ranges = final.results.map((r) => [r.seqStart, r.seqEnd] as const);
        tally.add(key("final"), shownSeqs(ranges), q.evidence);
        tally.add(`${variant}|${q.set}|final@${q.category}`, shownSeqs(ranges), q.evidence);
        if (MISSES) noteMiss(MISSES, variant, q, shownSeqs(ranges), legs, seqOf);
      }
    }
    if (sentences?.counts.missed) {
      process.stderr.write(`${conversation.id}: ${sentences.counts.missed} texts not encoded\n`);
    }
  } finally {
    agent.dispose();
  }
}

/** Runs one yardstick's questions in this process, filling `tally`. */
async function runYardstick(
  name: YardstickName,
  variants: readonly string[],
  options: RunOptions,
  tally: Tally,
): Promise<void> {
  const workDir = join(tmpdir(), `kern-recall-${process.pid}-${name}`);
  mkdirSync(workDir, { recursive: true });
  const started = performance.now();
  try {
    const conversations = loadYardstick(ROOT, name, options);
    for (const [index, conversation] of conversations.entries()) {
      await runConversation(conversation, workDir, variants, tally, options.cache);
      if ((index + 1) % 25 === 0 || index + 1 === conversations.length) {
        const seconds = ((performance.now() - started) / 1000).toFixed(0);
        process.stderr.write(
          `[recall ${name} ${index + 1}/${conversations.length} ${seconds} s]\n`,
        );
      }
    }
  } finally {
    rmSync(workDir, { recursive: true, force: true });
  }
}

/** The yardsticks in parallel, one child process each (same code, same time), merged. */
async function runInChildren(
  only: readonly YardstickName[],
  argv: readonly string[],
  tally: Tally,
): Promise<void> {
  const dir = join(tmpdir(), `kern-recall-cells-${process.pid}`);
  mkdirSync(dir, { recursive: true });
  try {
    const jobs = only.flatMap(
      (name): Array<{ name: YardstickName; extra: string[] }> =>
        name === "lme"
          ? Array.from({ length: LME_PARTS }, (_, part) => ({
              name,
              extra: ["--lme-part", `${part}/${LME_PARTS}`],
            }))
          : [{ name, extra: [] as string[] }],
    );
    await Promise.all(
      jobs.map(
        ({ name, extra }, index) =>
          new Promise<void>((done, fail) => {
            const cells = join(dir, `${index}.json`);
            const script = fileURLToPath(import.meta.url);
            const args = [script, ...argv, ...extra, "--only", name, "--cells", cells];
            const child = spawn(process.execPath, [...process.execArgv, ...args], {
              stdio: ["ignore", "ignore", "inherit"],
            });
            child.on("error", fail);
            child.on("exit", (code) => {
              if (code !== 0) return fail(new Error(`the ${name} yardstick exited ${code}`));
              tally.merge(JSON.parse(readFileSync(cells, "utf8")));
              done();
            });
          }),
      ),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: "string" },
      "lme-limit": { type: "string" },
      "ops-sample": { type: "string" },
      variants: { type: "string" },
      out: { type: "string" },
      cells: { type: "string" },
      "lme-part": { type: "string" },
      report: { type: "boolean" },
      "no-cache": { type: "boolean" },
    },
  });
  const only = (values.only?.split(",") ?? [...YARDSTICKS]) as YardstickName[];
  const variants = values.variants?.split(",") ?? ["kern"];
  for (const variant of variants) {
    if (!(variant in VARIANTS))
      throw new Error(`unknown variant ${variant}: ${Object.keys(VARIANTS).join(", ")}`);
  }
  const options = {
    cache: !values["no-cache"],
    lmeLimit: Number(values["lme-limit"] ?? Number.POSITIVE_INFINITY),
    opsSample: Number(values["ops-sample"] ?? 1),
    ...(values["lme-part"]
      ? { lmePart: values["lme-part"].split("/").map(Number) as [number, number] }
      : {}),
  };
  const tally = new Tally();
  if (only.length > 1) {
    const passOn = ["lme-limit", "ops-sample", "variants"] as const;
    const argv = passOn.flatMap((key) => (values[key] ? [`--${key}`, String(values[key])] : []));
    if (values["no-cache"]) argv.push("--no-cache");
    await runInChildren(only, argv, tally);
  } else {
    for (const name of only) await runYardstick(name, variants, options, tally);
  }
  if (values.cells) {
    writeFileSync(values.cells, JSON.stringify(Object.fromEntries(tally.cells)));
    return;
  }
  const markdown = renderTable(tally, variants, options, FAMILIES);
  process.stdout.write(markdown);
  if (values.report) {
    const command = `npm run bench:recall -- ${process.argv.slice(2).join(" ")}`.trim();
    const commit = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: ROOT })
      .toString()
      .trim();
    const result = { command, finishedAt: new Date().toISOString(), commit, markdown };
    writeFileSync(
      join(RESULTS_DIR, "recall-yardsticks.json"),
      `${JSON.stringify(result, null, 1)}\n`,
    );
    writeReport({ resultsDir: RESULTS_DIR, docsDir: join(ROOT, "docs") });
  }
  if (values.out) {
    const cells = Object.fromEntries(
      [...tally.cells].map(([key, cell]) => [
        key,
        { n: cell.n, ...Object.fromEntries(KS.map((k) => [`@${k}`, tally.rate(key, k)])) },
      ]),
    );
    writeFileSync(values.out, `${JSON.stringify({ options, variants, cells }, null, 1)}\n`);
  }
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
