// GET /history is bounded in bytes (issue 33 item 8: a page of 20 MB tool results answered 259 MB
// and pushed the daemon to 1.6 GB). A page keeps its newest messages up to PAGE_BYTES; a longer
// message is shown as its head and tail with how much was left out (the log keeps it whole). The
// client pages on with `before` = the first seq it got, so nothing becomes unreachable. Pure.
import type { HistoryPage, SessionMessage } from "../kernel/index.js";

/** Characters of one message a page shows at most (head and tail). */
export const MESSAGE_CHARS = 64 * 1024;
/** Characters of message text one page holds at most (at least one message is always shown). */
export const PAGE_CHARS = 2 * 1024 * 1024;

function shortened(message: SessionMessage): SessionMessage {
  const content = message.content;
  if (content === null || content.length <= MESSAGE_CHARS) return message;
  const half = Math.floor(MESSAGE_CHARS / 2);
  const left = content.length - 2 * half;
  const note = `\n\n[… ${left} characters not shown here; the whole message is in the session log …]\n\n`;
  return { ...message, content: `${content.slice(0, half)}${note}${content.slice(-half)}` };
}

/** `page` with long messages shortened and its oldest messages left for the next page. */
export function boundHistoryPage(page: HistoryPage): HistoryPage {
  const kept: SessionMessage[] = [];
  let chars = 0;
  for (let index = page.messages.length - 1; index >= 0; index -= 1) {
    const message = shortened(page.messages[index] as SessionMessage);
    const size = (message.content?.length ?? 0) + JSON.stringify(message.toolCalls ?? []).length;
    if (kept.length > 0 && chars + size > PAGE_CHARS) {
      return { ...page, messages: kept.reverse(), hasMore: true };
    }
    kept.push(message);
    chars += size;
  }
  return { ...page, messages: kept.reverse() };
}
