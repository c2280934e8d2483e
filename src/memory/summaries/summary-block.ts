// The `<summary>` block of SPEC §4 (what the model sees in <conversation_summary>) and the
// extraction of a summary body from raw model output. Pure: no I/O.
import { KernError, neutralize } from "../../kernel/index.js";

export interface SummaryBlockOptions {
  level: number;
  seqStart: number;
  /** Exclusive, like every seq range in kern (LESSONS #3). */
  seqEnd: number;
  firstTs: string;
  lastTs: string;
  /** Bullet lines, without a wrapper. */
  body: string;
}

/** A body must not close the block early: `<summary>` tags inside it are defused. */
function defuseTags(body: string): string {
  return neutralize(body);
}

/**
 * The SPEC §4 block:
 * ```
 * <summary>
 * level: L0
 * messages: 341-520
 * first: 2026-04-02T06:09:27.043Z
 * last: 2026-04-02T07:15:33.891Z
 * - …
 * </summary>
 * ```
 * `messages:` is INCLUSIVE for readers (models and people read "341-520" as both ends included):
 * it shows seqStart to seqEnd − 1 of the exclusive range. Throws on an empty range.
 */
export function formatSummaryBlock(options: SummaryBlockOptions): string {
  const { level, seqStart, seqEnd, firstTs, lastTs } = options;
  if (seqEnd <= seqStart) {
    throw new KernError(
      "KERN_INTERNAL",
      `formatSummaryBlock: empty range [${seqStart}, ${seqEnd})`,
    );
  }
  return [
    "<summary>",
    `level: L${level}`,
    `messages: ${seqStart}-${seqEnd - 1}`,
    `first: ${firstTs}`,
    `last: ${lastTs}`,
    defuseTags(options.body.trim()),
    "</summary>",
  ].join("\n");
}

const THINKING_TAGS = "think|thinking|reasoning|reflection";
const CLOSED_THINKING = new RegExp(`<(${THINKING_TAGS})>[\\s\\S]*?</\\1>`, "gi");
/** A thought the output ended inside: nothing after it is an answer. */
const OPEN_THINKING = new RegExp(`<(?:${THINKING_TAGS})>[\\s\\S]*$`, "i");
/** A closing tag without its opening one (the template opened it): the thought is the prefix. */
const ORPHAN_CLOSE = new RegExp(`^[\\s\\S]*?</(?:${THINKING_TAGS})>`, "i");
const SUMMARY_BLOCK = /<summary>([\s\S]*?)(?:<\/summary>|$)/gi;
const FENCED = /^```[\w-]*\n([\s\S]*?)\n?```$/;
const HEADER_LINE = /^\s*(?:level|messages|first|last)\s*:/i;
const PREAMBLE_LINE = /^\s*(?:here(?:'s| is| are)\b|summary\b|notes\b)[^\n]{0,80}:\s*$/i;

function stripThinking(text: string): string {
  const closed = text.replace(CLOSED_THINKING, "");
  return closed.replace(ORPHAN_CLOSE, "").replace(OPEN_THINKING, "");
}

/** The inside of every `<summary>` block, or the whole text when there is none. */
function insideSummaryTags(text: string): string {
  const blocks = [...text.matchAll(SUMMARY_BLOCK)].map((match) => match[1] ?? "");
  return blocks.length > 0 ? blocks.join("\n") : text;
}

function dropLeadingLines(text: string, pattern: RegExp): string {
  const lines = text.split("\n");
  let first = 0;
  while (
    first < lines.length &&
    (pattern.test(lines[first] ?? "") || lines[first]?.trim() === "")
  ) {
    first += 1;
  }
  return lines.slice(first).join("\n");
}

/**
 * The summary body inside a model's output: drops thinking (`<think>…</think>` and kin, also an
 * unclosed or orphan tag), takes what is inside `<summary>` tags when there are any, unwraps a
 * code fence, and drops header lines (`level:`, `messages:`…) and a "Here is the summary:"
 * preamble. Returns null when nothing with a letter or digit is left: an empty summary is a
 * failed call, never a summary (LESSONS #7). Never throws.
 */
export function parseSummaryBody(modelOutput: string): string | null {
  let text = insideSummaryTags(stripThinking(modelOutput)).trim();
  const fenced = FENCED.exec(text);
  if (fenced) text = (fenced[1] ?? "").trim();
  text = dropLeadingLines(text, HEADER_LINE);
  text = dropLeadingLines(text, PREAMBLE_LINE).trim();
  return /[\p{L}\p{N}]/u.test(text) ? text : null;
}
