// `npm run bench`: measures kern's memory at 2k and 20k messages (plus any --size), each size in
// its own process, then the turn latency with a slow summary model and LongMemEval recall, and rewrites
// docs/benchmarks.md and its plots from every result in bench/results/. Progress on stderr.
import { mkdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { type BenchOptions, CHUNKED_ABOVE, parseBenchOptions } from "./bench-options.js";
import type { ModelBuildJob } from "./model-build-job.js";
import { writeReport } from "./report/write-report.js";
import type { SizeJob } from "./size-job.js";
import { progress, sizeLabel } from "./support/progress.js";
import { runTsx } from "./support/run-child.js";
import { waitForQuiet } from "./support/wait-for-quiet.js";
import type { TurnJob } from "./turn-job.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const RESULTS_DIR = join(ROOT, "bench", "results");
/** Longest wait for a quiet machine before each timed run. */
const QUIET_WAIT_MS = 60_000;

async function runSize(options: BenchOptions, size: number, workDir: string): Promise<void> {
  const folder = join(workDir, `size-${size}`);
  mkdirSync(folder, { recursive: true });
  const conversationFile = join(folder, "conversation.jsonl");
  const truthFile = join(folder, "conversation.truth.json");
  progress(sizeLabel(size), `generating ${size} messages (seed ${options.seed})`);
  const script = size > CHUNKED_ABOVE ? "generate-long.ts" : "generate.ts";
  await runTsx(
    join(ROOT, "bench/generator", script),
    [
      ...["--messages", String(size), "--seed", String(options.seed)],
      ...["--out", conversationFile, "--truth", truthFile],
      ...["--tool-chars", options.toolOutputChars.join(",")],
    ],
    ROOT,
  );
  const job: SizeJob = {
    root: ROOT,
    size,
    seed: options.seed,
    toolOutputChars: options.toolOutputChars,
    conversationFile,
    truthFile,
    agentDir: join(folder, "agent"),
    resultsDir: RESULTS_DIR,
    command: options.command,
    tag: options.tag,
    describe: options.describe,
    rebuild: options.rebuild,
    variant: options.variant,
  };
  await waitForQuiet({ scope: sizeLabel(size), maxMs: QUIET_WAIT_MS });
  await runTsx(join(ROOT, "bench/size-run.ts"), ["--job", JSON.stringify(job)], ROOT);
  if (!options.keep) rmSync(folder, { recursive: true, force: true });
}

/** One measure in its own process: `bench/<script>` with a job in `<workDir>/<folder>`. */
async function runJob(
  options: BenchOptions,
  workDir: string,
  run: { script: string; folder: string; scope: string },
): Promise<void> {
  const job: TurnJob | ModelBuildJob = {
    root: ROOT,
    seed: options.seed,
    workDir: join(workDir, run.folder),
    resultsDir: RESULTS_DIR,
    command: options.command,
  };
  await waitForQuiet({ scope: run.scope, maxMs: QUIET_WAIT_MS });
  await runTsx(join(ROOT, "bench", run.script), ["--job", JSON.stringify(job)], ROOT);
}

async function main(): Promise<void> {
  const options = parseBenchOptions(process.argv.slice(2));
  if (!options.renderOnly) {
    const workDir = join(tmpdir(), `kern-bench-${process.pid}`);
    progress("run", `sizes ${options.sizes.map(sizeLabel).join(", ")}; work in ${workDir}`);
    try {
      for (const size of options.sizes) await runSize(options, size, workDir);
      if (options.turns) {
        await runJob(options, workDir, {
          script: "turn-latency-run.ts",
          folder: "turns",
          scope: "turns",
        });
      }
      if (options.modelBuild) {
        await runJob(options, workDir, {
          script: "model-build-run.ts",
          folder: "model-build",
          scope: "model",
        });
      }
      if (options.cliStart) {
        await runJob(options, workDir, {
          script: "cli-start-run.ts",
          folder: "cli-start",
          scope: "cli",
        });
      }
      if (options.lme) {
        await waitForQuiet({ scope: "lme", maxMs: QUIET_WAIT_MS });
        progress("lme", "LongMemEval recall, every leg beside BM25");
        const out = join(RESULTS_DIR, "longmemeval.json");
        await runTsx(join(ROOT, "bench/longmemeval/run-longmemeval.ts"), ["--out", out], ROOT);
      }
      if (options.lmeReach) {
        await waitForQuiet({ scope: "lme", maxMs: QUIET_WAIT_MS });
        progress("lme", "LongMemEval answer in the prompt: kern, trimming, top-k recall");
        const out = join(RESULTS_DIR, "lme-reachability.json");
        const script = join(ROOT, "bench/longmemeval/run-lme-reachability.ts");
        await runTsx(script, ["--out", out], ROOT);
      }
    } finally {
      if (!options.keep) rmSync(workDir, { recursive: true, force: true });
    }
  }
  const written = writeReport({
    resultsDir: RESULTS_DIR,
    docsDir: join(ROOT, "docs"),
    readme: join(ROOT, "README.md"),
  });
  progress("run", `wrote ${written.join(", ")}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
