// kern's own voice in a prompt is unforgeable from content (issue 33 item 3, docs/security.md):
// the envelope line opening a user message and the tags kern wraps text in (`<document>`,
// `<recall>`, `<conversation_summary>`, ...) are written only by kern. Any text that came from
// outside — a message, a display name, a tool result, an imported line, a document, a summary —
// passes through here before it reaches a model: a line that would read as an envelope gets a
// backslash (`\[via tui, …]`), a kern tag gets its `<` escaped (`&lt;/recall>`), and fields of the
// envelope itself (names, ids) lose what could end the line or the field. Linear; pure but for the
// tags plugins add to the list at set-up (addKernTag).

/** Tags kern writes into prompts; only these are escaped (other markup passes unchanged). */
const KERN_TAGS = [
  "document",
  "recall",
  "tools",
  "notes_summary",
  "working_memory",
  "conversation_summary",
  "summary",
  "tool_output",
  "system",
] as const;

/** The tags escaped: kern's own and those of plugins' prompt sections (addKernTag). */
const tags = new Set<string>(KERN_TAGS);

/**
 * `<` (or a look-alike) opening or closing a kern tag, spaces allowed: `</recall>`, `< document`,
 * `＜/recall＞`. The tag name must end there (`<documents>` is not kern's).
 */
function tagPattern(): RegExp {
  return new RegExp(
    `[<＜﹤]([ \\t]{0,8}/?[ \\t]{0,8})(${[...tags].join("|")})(?![A-Za-z0-9_-])`,
    "giu",
  );
}

let TAG = tagPattern();

/**
 * A tag a plugin's prompt section is written in (issue 49 item 10: a skill's `</skills>` reached
 * the model raw, closing the section): from now on escaped in outside text like kern's own. The
 * set only grows, when plugins are set up; tags are lower-case letters and underscores.
 */
export function addKernTag(tag: string): void {
  if (!/^[a-z_]+$/.test(tag) || tags.has(tag)) return;
  tags.add(tag);
  TAG = tagPattern();
}

/**
 * A line that opens like an envelope: `[via `, after spaces or invisible characters, with a
 * full-width bracket too. JavaScript's `m` flag breaks lines at \n, \r, U+2028 and U+2029; U+0085
 * (NEL) is turned into \n first.
 */
const ENVELOPE_LINE =
  /^[ \t\u00A0\u2000-\u200F\u2060\u3000\uFEFF]*[[［][ \t]{0,8}via(?![A-Za-z0-9_-])/gimu;

/** Quick checks so the common text (no bracket, no `<`) is returned as the same string. */
const MAYBE = /[<＜﹤[［\u0085]/u;

/** Outside text with kern's markers defused; the same string when there is nothing to defuse. */
export function neutralize(text: string): string {
  if (!MAYBE.test(text)) return text;
  return text.replaceAll("\u0085", "\n").replace(ENVELOPE_LINE, "\\[via").replace(TAG, "&lt;$1$2");
}

/** Characters a field of the envelope line must not carry: line ends, controls, invisibles. */
const CONTROL = /[\p{Cc}\p{Zl}\p{Zp}\u200B-\u200F\u2060\uFEFF]+/gu;
/** A name that needs no quoting: letters, digits, spaces and a few marks. */
const PLAIN_FIELD = /^[\p{L}\p{M}\p{N} ._'@+…-]*$/u;
/** Longest name or id shown in an envelope line. */
const MAX_FIELD_CHARS = 64;

/**
 * One field of the envelope line (a display name, a chat or user id): one line, at most 64
 * characters; anything beyond plain letters and digits is shown in double quotes with the quote,
 * brackets, angle brackets and commas replaced, so it can never end the field or the line.
 */
export function envelopeField(value: string): string {
  const line = value.replace(CONTROL, " ").replace(/\s+/g, " ").trim();
  const short = line.length > MAX_FIELD_CHARS ? `${line.slice(0, MAX_FIELD_CHARS - 1)}…` : line;
  if (PLAIN_FIELD.test(short)) return short;
  const safe = short
    .replace(/["“”]/g, "'")
    .replace(/[[［{]/g, "(")
    .replace(/[\]］}]/g, ")")
    .replace(/[<＜﹤]/g, "‹")
    .replace(/[>＞﹥]/g, "›")
    .replace(/[,，]/g, ";");
  return `"${safe}"`;
}

/**
 * Messages whose content begins with a kern-written head (a `<recall>` block) of this many
 * characters: that head is already neutral inside and must not be escaped again.
 */
const kernHeads = new WeakMap<object, number>();

/** Marks `message`'s first `length` characters as written by kern (its recall block). */
export function markKernHead<T extends object>(message: T, length: number): T {
  kernHeads.set(message, length);
  return message;
}

/** `content` of `message` ready for a model: its kern head kept, the rest neutralized. */
export function neutralizeContent(message: object, content: string): string {
  const head = kernHeads.get(message) ?? 0;
  if (head <= 0) return neutralize(content);
  return content.slice(0, head) + neutralize(content.slice(head));
}
