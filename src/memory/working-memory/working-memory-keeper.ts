// The keeper model's one call (SG-11) and the reading of its answer: a JSON object of changes,
// turned into the same observation the rules produce, so the planner's invariants hold whatever
// the model says. Deciding when to call and saving the result happen elsewhere.
import { z } from "zod";
import type { SessionMessage, TokenUsage } from "../../kernel/index.js";
import type { SummaryModel } from "../pipeline-context.js";
import { collectBackgroundResponse } from "../summaries/summary-model.js";
import { buildKeeperRequest } from "./working-memory-prompt.js";
import type { ExchangeObservation } from "./working-memory-rules.js";
import { cleanLine, cleanPath, type FileChange, TEXT_LIMITS } from "./working-memory-state.js";

const text = z.string();
const keeperOutputSchema = z.object({
  task: z.object({ now: text, next: text.nullish() }).nullish(),
  decisions: z.array(z.object({ text, reason: text.nullish() })).default([]),
  files: z.array(z.object({ path: text, note: text.nullish() })).default([]),
  context: z.array(text).default([]),
  preferences: z.array(z.object({ text, replaces: text.nullish() })).default([]),
});

export type KeeperOutput = z.infer<typeof keeperOutputSchema>;

/**
 * The keeper's answer as data: the first `{` to the last `}` (fences and chatter around it are
 * ignored), checked against the schema. Null when it is not such an object. Never throws.
 */
export function parseKeeperOutput(reply: string): KeeperOutput | null {
  const start = reply.indexOf("{");
  const end = reply.lastIndexOf("}");
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(reply.slice(start, end + 1));
  } catch {
    return null; // not JSON: the caller keeps the rules' update
  }
  const parsed = keeperOutputSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

const line = (value: string | null | undefined, limit: number) =>
  value ? cleanLine(value, limit) || null : null;

/**
 * The model's changes as an observation of the exchange. Position, day and mentions come from
 * the rules' observation, and so do the files the tool calls wrote (facts the model may only
 * annotate: its note wins for a path it names; paths it adds are kept too).
 */
export function observationFromKeeper(
  output: KeeperOutput,
  rules: ExchangeObservation,
): ExchangeObservation {
  const notes = new Map<string, string>();
  for (const file of output.files) {
    const path = cleanPath(file.path);
    if (path) notes.set(path, line(file.note, TEXT_LIMITS.note) ?? "changed");
  }
  const files: FileChange[] = rules.files.map((change) => {
    const note = notes.get(change.path);
    return note ? { path: change.path, tool: "model", detail: note } : change;
  });
  for (const [path, note] of notes) {
    if (!files.some((change) => change.path === path))
      files.push({ path, tool: "model", detail: note });
  }
  return {
    ...rules,
    request: line(output.task?.now, TEXT_LIMITS.text),
    nextStep: line(output.task?.next, TEXT_LIMITS.text),
    decisions: output.decisions.flatMap((item) => {
      const decided = line(item.text, TEXT_LIMITS.text);
      return decided ? [{ text: decided, reason: line(item.reason, TEXT_LIMITS.reason) }] : [];
    }),
    files,
    context: output.context.flatMap((item) => line(item, TEXT_LIMITS.text) ?? []),
    preferences: output.preferences.flatMap((item) => {
      const preferred = line(item.text, TEXT_LIMITS.text);
      return preferred ? [{ text: preferred, replaces: item.replaces ?? null }] : [];
    }),
  };
}

export interface CallKeeperOptions {
  model: SummaryModel;
  /** The working memory before the exchange, rendered. */
  workingMemory: string;
  exchange: readonly SessionMessage[];
  signal: AbortSignal;
}

export interface KeeperResult {
  /** Null when the reply was not a valid changes object. */
  output: KeeperOutput | null;
  usage: TokenUsage | undefined;
}

/**
 * Asks the keeper model what the exchange changes. Throws ModelError when the call itself fails
 * (transport, HTTP, cancel); an unusable reply is not a failure of the call: `output` is null.
 */
export async function callWorkingMemoryKeeper(options: CallKeeperOptions): Promise<KeeperResult> {
  const { model, signal } = options;
  const request = buildKeeperRequest({
    workingMemory: options.workingMemory,
    exchange: options.exchange,
    model: model.model,
  });
  const response = await collectBackgroundResponse({ model, request, temperature: 0, signal });
  return { output: parseKeeperOutput(response.text), usage: response.usage };
}
