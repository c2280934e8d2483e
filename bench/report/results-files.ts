// Reads and writes bench/results/*.json. A run writes one file per measured size (and one for the
// turn-latency run); the report merges every file found, so figures of earlier runs (the 100k
// size) stay in the document until a new run replaces them.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  type BenchResult,
  benchResultSchema,
  type CliStartResult,
  type ModelBuildResult,
  type SizeResult,
  type TaggedReachability,
  type TurnLatencyResult,
} from "./results-schema.js";

export interface MergedResults {
  /** One result per size, smallest first. */
  sizes: SizeResult[];
  /** Results of other shapes (`--as NAME`), smallest first: their own table. */
  variants: SizeResult[];
  turnLatency: TurnLatencyResult | null;
  tagged: TaggedReachability[];
  modelBuild: ModelBuildResult | null;
  cliStart: CliStartResult | null;
}

/**
 * File name of a result: size-20000.json (size-20000-NAME.json for `--as NAME`), turn-latency.json,
 * reachability-<tag>-<size>.json.
 */
function resultFileName(result: BenchResult): string {
  switch (result.kind) {
    case "size":
      return `size-${result.size}${result.variant ? `-${result.variant}` : ""}.json`;
    case "turn-latency":
      return "turn-latency.json";
    case "reachability":
      return `reachability-${result.tag}-${result.size}.json`;
    case "model-build":
      return "model-build.json";
    case "cli-start":
      return "cli-start.json";
    default: {
      const unreachable: never = result;
      throw new Error(`unknown result ${JSON.stringify(unreachable)}`);
    }
  }
}

export function writeResult(directory: string, result: BenchResult): string {
  mkdirSync(directory, { recursive: true });
  const path = join(directory, resultFileName(result));
  writeFileSync(path, `${JSON.stringify(result, null, 2)}\n`);
  return path;
}

function readJson(path: string): unknown {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return null; // unreadable or not JSON: the schema check rejects it
  }
}

/** Every valid result file of `directory`; invalid ones are reported on stderr and skipped. */
export function readResults(directory: string): MergedResults {
  const merged: MergedResults = {
    sizes: [],
    variants: [],
    turnLatency: null,
    tagged: [],
    modelBuild: null,
    cliStart: null,
  };
  let names: string[] = [];
  try {
    // LongMemEval's two result files, the heartbeat prompt and the recall yardsticks have readers
    // of their own.
    const ownReaders = new Set([
      "longmemeval.json",
      "lme-reachability.json",
      "heartbeat-prompt.json",
      "recall-yardsticks.json",
      "sandbox-cost.json",
      "metrics-cost.json",
    ]);
    names = readdirSync(directory).filter(
      (name) => name.endsWith(".json") && !ownReaders.has(name),
    );
  } catch {
    return merged; // no results yet
  }
  for (const name of names.sort()) {
    const parsed = benchResultSchema.safeParse(readJson(join(directory, name)));
    if (!parsed.success) {
      process.stderr.write(`skipping ${name}: not a result of this bench version\n`);
      continue;
    }
    const result = parsed.data;
    if (result.kind === "size") (result.variant ? merged.variants : merged.sizes).push(result);
    else if (result.kind === "turn-latency") merged.turnLatency = result;
    else if (result.kind === "model-build") merged.modelBuild = result;
    else if (result.kind === "cli-start") merged.cliStart = result;
    else merged.tagged.push(result);
  }
  merged.sizes.sort((a, b) => a.size - b.size);
  merged.variants.sort((a, b) => a.size - b.size);
  return merged;
}
