// autoRecall (SPEC §6): when messages were trimmed, search before the turn and prepend a <recall>
// block of at most ~2000 tokens, trimmed to fit rather than dropped.
import { countTokens } from "../memory/index.js";
import type { MemoryPort } from "./memory-port.js";

export const MAX_RECALL_TOKENS = 2000;

/** Hits outside the verbatim window, as lines, cut to fit MAX_RECALL_TOKENS; null when none. */
export async function buildRecallText(
  memory: MemoryPort,
  query: string,
  window: { session: string; seqStart: number },
): Promise<string | null> {
  const report = await memory.recall({ query, k: 8 });
  const lines: string[] = [];
  let tokens = 0;
  for (const hit of report.results) {
    if (hit.session === window.session && hit.seqEnd > window.seqStart) continue; // already verbatim
    const line = `- ${hit.ts} session ${hit.session} messages ${hit.seqStart}-${hit.seqEnd - 1}: ${hit.snippet}`;
    const cost = countTokens(line) + 1;
    if (tokens + cost > MAX_RECALL_TOKENS) break;
    lines.push(line);
    tokens += cost;
  }
  return lines.length > 0 ? lines.join("\n") : null;
}
