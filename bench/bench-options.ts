// Command-line options of `npm run bench` (bench/run-bench.ts). Exit 2 on a bad argument.
import { parseArgs } from "node:util";
import { DEFAULT_TOOL_OUTPUT_CHARS } from "./generator/index.js";

export const USAGE = `usage: npm run bench -- [options]
  --size N        add a history size (2k, 20k, 100k, 300k, 1m or a number); repeatable. Sizes
                  over 100k are 100k histories one after another (a multiple of 100k)
  --only          run only the sizes given with --size (default: 2k and 20k, plus --size ones)
  --seed N        generator seed (default 42)
  --tool-chars A,B  tool output size range in characters (default ${DEFAULT_TOOL_OUTPUT_CHARS.join(",")})
  --no-turns      skip the turn-latency run with a slow summary model
  --no-model-build  skip the 20k build with a 300 ms fake model (issue 17)
  --no-cli-start  skip timing every CLI command's start (needs npm run build)
  --no-lme        skip LongMemEval recall (the dev split in ../shared when present, else the
                  60-question subset in bench/longmemeval/data)
  --no-lme-reach  skip LongMemEval answer-in-prompt: kern, trimming, top-k (issue 15)
  --no-rebuild    skip the rebuild check (kern reindex, compared) at every size
  --tag NAME      also keep the reachability figures as bench/results/reachability-NAME.json
  --describe TEXT what the tag measured (e.g. "extractive summarizer before the change")
  --render-only   only rewrite docs/benchmarks.md and its plots from bench/results/*.json
  --keep          keep the temporary agent folders
  --as NAME       a second shape of the same sizes (e.g. tools): its results go to
                  size-N-NAME.json, shown beside the main ones in their own table`;

export const DEFAULT_SIZES = [2_000, 20_000];
export const DEFAULT_SEED = 42;

export interface BenchOptions {
  sizes: number[];
  seed: number;
  toolOutputChars: [number, number];
  turns: boolean;
  modelBuild: boolean;
  cliStart: boolean;
  lme: boolean;
  lmeReach: boolean;
  rebuild: boolean;
  tag: string | null;
  describe: string;
  renderOnly: boolean;
  keep: boolean;
  /** `--as`: the shape these sizes are kept as beside the main results, or null. */
  variant: string | null;
  /** The command as a user would type it, for the report. */
  command: string;
}

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

/** Sizes above this are built from 100k histories one after another (issue 32). */
export const CHUNKED_ABOVE = 100_000;

/** "100k" → 100000, "1m" → 1000000, "2000" → 2000. */
export function parseSize(text: string): number {
  const match = /^(\d+)([km]?)$/i.exec(text.trim());
  if (!match) fail(`--size takes a number like 20000, 20k or 1m, got "${text}"`);
  const unit = match[2]?.toLowerCase();
  const value = Number(match[1]) * (unit === "m" ? 1_000_000 : unit === "k" ? 1000 : 1);
  if (value < 100) fail(`--size must be at least 100 messages, got ${value}`);
  if (value > CHUNKED_ABOVE && value % CHUNKED_ABOVE !== 0)
    fail(
      `a --size over 100k is a multiple of 100k (100k histories one after another), got ${value}`,
    );
  return value;
}

function parseToolChars(text: string | undefined): [number, number] {
  if (text === undefined) return [...DEFAULT_TOOL_OUTPUT_CHARS];
  const match = /^(\d+),(\d+)$/.exec(text);
  if (!match) fail(`--tool-chars takes MIN,MAX like 2000,20000, got "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

export function parseBenchOptions(argv: string[]): BenchOptions {
  let values: ReturnType<typeof parse>["values"];
  try {
    values = parse(argv).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const extra = (values.size ?? []).map(parseSize);
  const sizes = [...new Set(values.only ? extra : [...DEFAULT_SIZES, ...extra])].sort(
    (a, b) => a - b,
  );
  if (values.only && sizes.length === 0) fail("--only needs at least one --size");
  const seed = values.seed === undefined ? DEFAULT_SEED : Number(values.seed);
  if (!Number.isInteger(seed)) fail(`--seed takes an integer, got "${values.seed}"`);
  for (const [flag, value] of [
    ["--tag", values.tag],
    ["--as", values.as],
  ] as const) {
    if (value !== undefined && !/^[a-z0-9-]+$/.test(value))
      fail(`${flag} takes lowercase letters, digits and dashes, got "${value}"`);
  }
  return {
    sizes,
    seed,
    toolOutputChars: parseToolChars(values["tool-chars"]),
    turns: !values["no-turns"],
    modelBuild: !values["no-model-build"],
    cliStart: !values["no-cli-start"],
    lme: !values["no-lme"],
    lmeReach: !values["no-lme-reach"],
    rebuild: !values["no-rebuild"],
    tag: values.tag ?? null,
    describe: values.describe ?? "",
    renderOnly: Boolean(values["render-only"]),
    keep: Boolean(values.keep),
    variant: values.as ?? null,
    command: ["npm run bench", ...(argv.length > 0 ? ["--", ...argv.map(quote)] : [])].join(" "),
  };
}

/** Quotes an argument for a POSIX shell when it needs it. */
function quote(argument: string): string {
  return /^[\w@%+=:,./-]+$/.test(argument) ? argument : `'${argument.replaceAll("'", "'\\''")}'`;
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      size: { type: "string", multiple: true },
      only: { type: "boolean" },
      seed: { type: "string" },
      "tool-chars": { type: "string" },
      "no-turns": { type: "boolean" },
      "no-model-build": { type: "boolean" },
      "no-cli-start": { type: "boolean" },
      "no-lme": { type: "boolean" },
      "no-lme-reach": { type: "boolean" },
      "no-rebuild": { type: "boolean" },
      tag: { type: "string" },
      describe: { type: "string" },
      "render-only": { type: "boolean" },
      keep: { type: "boolean" },
      as: { type: "string" },
    },
  });
}
