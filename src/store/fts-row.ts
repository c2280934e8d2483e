// The four texts messages_fts indexes for a message (content, tool calls, envelope, context),
// computed where the message is written or re-read, as the triggers of migrations 6–7 computed
// them in SQL from the text columns kern.db no longer holds (ADR 0017). The tool calls' text is
// still SQLite's own expression (migrations.ts: toolCallsText), over a bound parameter, so its
// numbers and atoms read exactly as before; the others are plain string work, checked against
// the SQL in fts-row.test.ts.
import type { SessionMessage } from "../kernel/index.js";

/** Characters of each earlier message a message's `context` column holds. */
export const CONTEXT_CHARS = 300;
/** Earlier messages of the same session a message's `context` column holds. */
export const CONTEXT_MESSAGES = 2;

/** The first `chars` characters of `text` as SQLite's substr() counts them (code points). */
export function headOf(text: string | null, chars: number): string | null {
  if (text === null) return null;
  if (text.length <= chars) return text;
  let index = 0;
  for (let count = 0; count < chars && index < text.length; count += 1) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    const pair = unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff;
    index += pair ? 2 : 1;
  }
  return text.slice(0, index);
}

/**
 * The envelope values recall searches (interface, channel, user, name, tool), as SQL's
 * concat_ws(' ', …) gave them: null without meta, else the present values joined by spaces.
 */
export function envelopeOf(meta: SessionMessage["meta"]): string | null {
  if (!meta) return null;
  const values = [meta.interface, meta.channel, meta.user, meta.name, meta.tool];
  return values.filter((value) => value !== undefined && value !== null).join(" ");
}

/**
 * A message's context: the heads of the messages just before it in its session, oldest first,
 * joined by spaces (group_concat skips messages without text); null when none has text.
 */
export function contextOf(heads: ReadonlyArray<string | null>): string | null {
  const present = heads.filter((head): head is string => head !== null);
  return present.length > 0 ? present.join(" ") : null;
}
