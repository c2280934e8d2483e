// The "Model-backed build" section of docs/benchmarks.md (issue 17): one history built offline
// and with a fake model of fixed latency, wall time and model calls side by side. Pure.
import { CALLS_PER_MILLION_TARGET } from "../model-build-job.js";
import { compact, number, table } from "./markdown-format.js";
import type { MergedResults } from "./results-files.js";

function levels(segments: Record<string, number>): string {
  return Object.entries(segments)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([level, count]) => `${level} ${count}`)
    .join(", ");
}

export function renderModelBuild(results: MergedResults): string {
  const result = results.modelBuild;
  if (!result) return "";
  const { offline, model, tokens } = result;
  const perMillion = model.summaryCalls / (tokens / 1_000_000);
  const seconds = (value: number) => `${(value / 1000).toFixed(1)} s`;
  return [
    "## Model-backed build",
    "",
    `One generated history of ${number(result.messages)} messages (${compact(tokens)} tokens; tool ` +
      `outputs of ${number(result.toolOutputChars[0])}–${number(result.toolOutputChars[1])} ` +
      "characters) built to the last summary twice: offline (local embeddings, extractive " +
      "summaries) and with a model for summaries and embeddings, played by the fake " +
      `OpenAI-compatible server answering every call after ${result.latencyMs} ms ` +
      `(summary concurrency ${model.summaryConcurrency}, the provider default). Ran ${result.ranAt}.`,
    "",
    table(
      ["build", "wall time", "summary calls", "embedding calls", "segments"],
      [
        ["offline", seconds(offline.ms), "0", "0", levels(offline.segments)],
        [
          `${result.latencyMs} ms model`,
          seconds(model.ms),
          number(model.summaryCalls),
          number(model.embeddingCalls),
          levels(model.segments),
        ],
      ],
    ),
    "",
    `Model build / offline build: **${(model.ms / offline.ms).toFixed(1)}×**. Summary calls per ` +
      `million input tokens: **${perMillion.toFixed(1)}** (target ≤ ${CALLS_PER_MILLION_TARGET}).`,
  ].join("\n");
}
