// The built-in `extractive` summarizer: picks the most informative sentences verbatim, instantly
// and offline. It stands in until a model summary lands (SPEC §4). Statements of facts outrank
// tool output, which gets one short, capped line per result. Pure: no I/O.
import { KernError, type SessionMessage } from "../../kernel/index.js";
import { countTokens } from "../text/count-tokens.js";
import { safeSlice } from "../text/truncate-text.js";

/** ~1/12 of the input (SPEC §4: 1/10–1/15), at least 80 and at most 1,500 tokens. */
export function extractiveTargetTokens(inputTokens: number): number {
  return Math.min(1_500, Math.max(80, Math.round(inputTokens / 12)));
}

const IDENTIFIER =
  /`[^`\n]{1,80}`|\b(?=[\w.-]*\d)(?=[\w.-]*[A-Za-z])\w[\w.-]*\w\b|[\w.-]*\/[\w./-]+|\b[a-z]+(?:_[a-z0-9]+)+\b|\b[a-z]+[A-Z]\w*\b/g;
const NUMBER = /\b\d+(?:[.,]\d+)*%?/g;
/** Calendar dates say when something happened or is due: they weigh most. */
const CALENDAR_DATE =
  /\b\d{4}-\d{2}-\d{2}|\b(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.? \d{1,2}\b/i;
/** Clock times and relative days ("tomorrow", "friday") are weaker: logs and small talk have them. */
const CLOCK_OR_DAY =
  /\b\d{1,2}:\d{2}\b|\b(?:mon|tues|wednes|thurs|fri|satur|sun|to|yester)day\b|\btomorrow\b/i;
const CUE =
  /\b(?:decided|decision|because|instead of|will|must|prefers?|preferred|errors?|fixed|fix|todo|failed|fails|failing|bug|agreed|chose|deadline|need to|should|never|always|remember|important|blocked|resolved|broken?)\b/gi;
/**
 * Statements of durable facts: notes to self, choices, new values, ownership and contacts, due
 * dates. They are what a summary must keep verbatim (SPEC §4), so they outweigh plain mentions of
 * identifiers, which logs and status chatter are full of.
 */
const FACT_CUE =
  /\b(?:note|notes|reminder|remember(?:ing)?|for the record|for later|(?:don'?t|before i) forget|decided|agreed|chose|instead of|from now on|change of plan|update:|is now|changed (?:it )?to|goes to|moved to|switched to|set (?:[\w-]+ ){1,5}to|configured|owner|owns|phone|e-?mail|contact|deadline|due (?:on|by)|expires?|prefers?|preferred|(?:id|number|key|code|serial) is)\b/gi;
const WORD = /[\p{L}\p{N}][\p{L}\p{N}'_.-]*/gu;

/** Characters of a sentence its score reads (a sentence this long already weighs less). */
const MAX_SCORED_CHARS = 1000;

function countMatches(text: string, pattern: RegExp, cap: number): number {
  let count = 0;
  pattern.lastIndex = 0;
  while (count < cap && pattern.exec(text) !== null) count += 1;
  pattern.lastIndex = 0;
  return count;
}

/**
 * How much a sentence is worth keeping: statements of durable facts (decisions, notes, new
 * values, owners, due dates), identifiers, numbers and dates (facts that must survive verbatim),
 * problem cue words, open questions; very short or long ones weigh less.
 */
export function scoreSentence(sentence: string): number {
  // The identifier patterns rescan a run of word characters from each of its positions: on a
  // 20,000-character word that was 4 s a message, on the event loop (issue 33 item 8). A
  // sentence is judged by its first MAX_SCORED_CHARS; past that, length only lowers the score.
  const text =
    sentence.length > MAX_SCORED_CHARS ? safeSlice(sentence, 0, MAX_SCORED_CHARS) : sentence;
  const identifiers = countMatches(text, IDENTIFIER, 3);
  let score = 1 + 1.5 * identifiers + 0.8 * countMatches(text, NUMBER, 3);
  if (CALENDAR_DATE.test(text)) score += 2;
  else if (CLOCK_OR_DAY.test(text)) score += 0.75;
  score += 1.2 * countMatches(text, CUE, 3);
  score += 2.5 * countMatches(text, FACT_CUE, 2);
  if (text.trimEnd().endsWith("?")) score += 1.5;
  const words = countMatches(text, WORD, 61);
  if (words < 5 && identifiers === 0) score *= 0.5;
  if (words > 60) score *= 0.8;
  return score;
}

/**
 * A tool's output and arguments are raw material (log lines, paths, ids) that would outscore
 * every statement on identifier counts alone: their score is capped, then weighted down, so a
 * user or assistant sentence with one fact in it always ranks above them.
 */
const TOOL_SCORE_CAP = 3;
const TOOL_WEIGHT = 0.45;
/** One short line per tool result or call. */
const TOOL_LINE_CHARS = 120;
/** How those lines read in a summary, so a rollup weighs them as the L0 summary did. */
const TOOL_LINE = /^(?:Ran [\w.-]+|[\w.-]+ output): /;

function toolScore(text: string): number {
  return Math.min(scoreSentence(text), TOOL_SCORE_CAP) * TOOL_WEIGHT;
}

interface Unit {
  text: string;
  score: number;
  order: number;
}

const MAX_SENTENCE_CHARS = 240;

/** Cuts at a word boundary (an identifier is kept whole or dropped, never cut) and adds "…". */
function clip(text: string, maxChars: number): string {
  if (text.length <= maxChars) return text;
  const head = safeSlice(text, 0, maxChars);
  const space = head.lastIndexOf(" ");
  return `${space > maxChars / 2 ? head.slice(0, space) : head}…`;
}

/** Lowercase words joined by single spaces: the identity of a line for deduplication. */
function normalizeKey(text: string): string {
  // A plain character class is several times faster than \p{L}\p{N} here (profiled).
  return text
    .toLowerCase()
    .replace(/[^a-z0-9\u00c0-\uffff]+/g, " ")
    .trim();
}

function isNearDuplicate(words: Set<string>, kept: ReadonlyArray<Set<string>>): boolean {
  return kept.some((other) => {
    let shared = 0;
    for (const word of words) if (other.has(word)) shared += 1;
    return shared / (words.size + other.size - shared) >= 0.8;
  });
}

/** Below this a message sentence is small talk ("Understood.", "Alright."): never a bullet. */
const MIN_MESSAGE_SCORE = 0.9;

/**
 * Picks units by score until `targetTokens` (real token counts, newline included) is used, then
 * restores their original order. Exact and near duplicates (80% shared words) are skipped.
 */
function selectUnits(units: ReadonlyArray<Unit>, targetTokens: number, minScore: number): Unit[] {
  const ranked = [...units].sort((a, b) => b.score - a.score || a.order - b.order);
  const chosen: Unit[] = [];
  const keys = new Set<string>();
  const keptWords: Set<string>[] = [];
  let used = 0;
  let misses = 0;
  for (const unit of ranked) {
    if (targetTokens - used < 8 || misses >= 40 || unit.score < minScore) break;
    const key = normalizeKey(unit.text);
    if (key.length === 0 || keys.has(key)) continue;
    const words = new Set(key.split(" "));
    if (isNearDuplicate(words, keptWords)) continue;
    const tokens = countTokens(`- ${unit.text}\n`);
    if (used + tokens > targetTokens) {
      misses += 1;
      continue;
    }
    used += tokens;
    chosen.push(unit);
    keys.add(key);
    keptWords.push(words);
  }
  return chosen.sort((a, b) => a.order - b.order);
}

/** Bullet lines of the chosen units; when none fits, the best one clipped to the budget. */
function renderBullets(
  units: ReadonlyArray<Unit>,
  targetTokens: number,
  minScore: number,
): string | null {
  const chosen = selectUnits(units, targetTokens, minScore);
  if (chosen.length > 0) return chosen.map((unit) => `- ${unit.text}`).join("\n");
  const best = [...units].sort((a, b) => b.score - a.score)[0];
  if (!best) return null;
  let maxChars = Math.max(20, targetTokens * 3);
  let line = `- ${clip(best.text, maxChars)}`;
  while (countTokens(line) > targetTokens && maxChars > 20) {
    maxChars = Math.floor(maxChars * 0.8);
    line = `- ${clip(best.text, maxChars)}`;
  }
  return line;
}

const ENVELOPE = /^\[via [^\]\n]*\]\s*/;
const CODE_FENCE = /```[\s\S]*?(?:```|$)/g;
const LIST_MARKER = /^\s*(?:[-*+>]|#{1,6}|\d+[.)])\s+/;
/** Long messages are read up to here: enough for their salient sentences, bounded for speed. */
const MAX_MESSAGE_CHARS = 20_000;
const MAX_TOOL_OUTPUT_CHARS = 4_000;

function sentencesOf(content: string): string[] {
  const text = safeSlice(content, 0, MAX_MESSAGE_CHARS)
    .replace(ENVELOPE, "")
    .replace(CODE_FENCE, "\n");
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(LIST_MARKER, "").split(/(?<=[.!?])\s+/))
    .map((sentence) => sentence.replace(/\s+/g, " ").trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence) && sentence.length >= 3);
}

/** The string and number values of a tool call's JSON arguments (command, path, query…). */
function describeArguments(raw: string): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = raw; // not JSON: show the raw text
  }
  const values = parsed !== null && typeof parsed === "object" ? Object.values(parsed) : [parsed];
  const shown = values.filter((value) => typeof value === "string" || typeof value === "number");
  return clip(shown.join(" ").replace(/\s+/g, " ").trim(), TOOL_LINE_CHARS - 20);
}

/** The tool output's most salient line among its first lines (errors score high). */
function salientLine(output: string): string | null {
  const lines = safeSlice(output, 0, MAX_TOOL_OUTPUT_CHARS)
    .split("\n")
    .map((line) => line.replace(/\s+/g, " ").trim())
    .filter((line) => /[\p{L}\p{N}]/u.test(line))
    .slice(0, 60);
  let best: string | null = null;
  let bestScore = -1;
  for (const line of lines) {
    const score = scoreSentence(line);
    if (score > bestScore) [best, bestScore] = [line, score];
  }
  return best === null ? null : clip(best, TOOL_LINE_CHARS);
}

/** User sentences weigh more: requests, preferences and decisions come from the user. */
const USER_WEIGHT = 1.4;

function messageUnits(message: SessionMessage, weight: number): Array<Omit<Unit, "order">> {
  switch (message.role) {
    case "user": {
      const who = message.meta?.name ?? message.meta?.user ?? "User";
      return sentencesOf(message.content ?? "").map((sentence) => ({
        text: `${who}${sentence.endsWith("?") ? " asked" : ""}: ${clip(sentence, MAX_SENTENCE_CHARS)}`,
        score: scoreSentence(sentence) * USER_WEIGHT * weight,
      }));
    }
    case "assistant": {
      const said = sentencesOf(message.content ?? "").map((sentence) => ({
        text: clip(sentence, MAX_SENTENCE_CHARS),
        score: scoreSentence(sentence) * weight,
      }));
      const calls = (message.toolCalls ?? []).map((call) => {
        const text = `Ran ${call.function.name}: ${describeArguments(call.function.arguments)}`;
        return { text, score: toolScore(text) * weight };
      });
      return [...said, ...calls];
    }
    case "tool": {
      const line = salientLine(message.content ?? "");
      if (line === null) return [];
      const text = `${message.meta?.tool ?? "tool"} output: ${line}`;
      return [{ text, score: toolScore(line) * weight }];
    }
    default: {
      const unreachable: never = message.role;
      throw new KernError(
        "KERN_INTERNAL",
        `extractive summarizer: unknown role ${String(unreachable)}`,
      );
    }
  }
}

export interface SummarizeExtractiveOptions {
  messages: ReadonlyArray<SessionMessage>;
  /** Budget for the whole output, in o200k tokens; see extractiveTargetTokens. */
  targetTokens: number;
  /**
   * Sentences scoring below this are left out (default: the summary's floor). 0 keeps any
   * sentence while the target allows: the composer's fill of an unspent budget.
   */
  minScore?: number;
}

/**
 * Summarizes messages as bullet lines ("- …", no `<summary>` wrapper) of their most salient
 * sentences, kept verbatim (identifiers, numbers, dates survive), in conversation order: user
 * sentences as "Ann: …" / "Ann asked: …", mine as they are, tool calls as "Ran bash: …", tool
 * output as one "bash output: …" line. Within `targetTokens`; never empty; never throws.
 */
export function summarizeExtractive(options: SummarizeExtractiveOptions): string {
  const { messages, targetTokens } = options;
  const edge = Math.max(1, Math.round(messages.length * 0.1));
  const units: Unit[] = [];
  messages.forEach((message, index) => {
    // The opening (what was asked) and the end (where it was left) carry a bit more weight.
    const weight = index < edge || index >= messages.length - edge ? 1.15 : 1;
    for (const unit of messageUnits(message, weight)) units.push({ ...unit, order: units.length });
  });
  const bullets = renderBullets(units, targetTokens, options.minScore ?? MIN_MESSAGE_SCORE);
  if (bullets !== null) return bullets;
  const first = messages[0]?.seq;
  const last = messages[messages.length - 1]?.seq;
  return first === undefined ? "- No messages." : `- Messages ${first}-${last} held no text.`;
}

const HEADER_LINE = /^(?:level|messages|first|last):\s|^<\/?summary>$/i;
/** Puts each child's best line first, so every child keeps at least one fact if room allows. */
const COVERAGE_BONUS = 1_000;

/**
 * Rolls child summaries (oldest first) up into one bullet list within `targetTokens`: every
 * child's best line first, then lines with identifiers, numbers and decisions; order is kept,
 * duplicates dropped. Header lines (`level:`, `messages:`…) and `<summary>` tags are ignored.
 */
export function summarizeExtractiveRollup(
  children: ReadonlyArray<string>,
  targetTokens: number,
): string {
  const units: Unit[] = [];
  for (const child of children) {
    let best: Unit | null = null;
    for (const raw of child.split("\n")) {
      const line = raw.trim();
      if (line.length === 0 || HEADER_LINE.test(line)) continue;
      const text = clip(line.replace(LIST_MARKER, "").replace(/\s+/g, " "), MAX_SENTENCE_CHARS);
      if (!/[\p{L}\p{N}]/u.test(text)) continue;
      const score = TOOL_LINE.test(text) ? toolScore(text) : scoreSentence(text);
      const unit = { text, score, order: units.length };
      units.push(unit);
      if (best === null || unit.score > best.score) best = unit;
    }
    if (best !== null) best.score += COVERAGE_BONUS;
  }
  // Every line of a child summary was already chosen as worth keeping: no score floor here.
  const bullets = renderBullets(units, targetTokens, 0);
  return bullets ?? `- Nothing to keep from ${children.length} summaries.`;
}
