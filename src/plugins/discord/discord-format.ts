// How replies look on Discord, for the channel kit's reply stream: Discord renders the model's
// Markdown itself, so a reply is cut as plain text to the 2,000-character limit; a code fence
// that a cut splits is closed at the end of one message and reopened at the start of the next.
import { escapeMarkdown } from "discord.js";
import { type ReplyFormat, splitReply } from "../../runtime/index.js";

/** Discord's maximum message length for bots, in characters. */
export const DISCORD_MESSAGE_LIMIT = 2000;
/** Room kept in each chunk for a closing and an opening fence (with a language name). */
const FENCE_ROOM = 24;
const FENCE = /^ {0,3}```(\S*)/;

/** Cuts Markdown into messages, each with its code fences balanced. */
export function splitDiscordMarkdown(markdown: string): string[] {
  const chunks = splitReply(markdown, DISCORD_MESSAGE_LIMIT - FENCE_ROOM, { html: false });
  const balanced: string[] = [];
  let reopen: string | null = null;
  for (const chunk of chunks) {
    let text = reopen === null ? chunk : `${reopen}\n${chunk}`;
    let open: string | null = reopen;
    for (const line of chunk.split("\n")) {
      const fence = FENCE.exec(line);
      if (fence) open = open === null ? `\`\`\`${fence[1] ?? ""}`.slice(0, 20) : null;
    }
    if (open !== null) text = `${text.replace(/\n?$/, "\n")}\`\`\``;
    reopen = open;
    balanced.push(text);
  }
  return balanced;
}

export const DISCORD_FORMAT: ReplyFormat = {
  chunks: splitDiscordMarkdown,
  plain: (text) => escapeMarkdown(text),
  isBlank: (chunk) => chunk.trim() === "",
};
