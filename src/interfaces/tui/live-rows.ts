// How many terminal rows the live part of the transcript takes, counted the way ink wraps text
// (greedy by words, a word longer than the row cut hard). The live part must stay shorter than
// the terminal: ink cannot erase rows that scrolled away, and a live region as tall as the screen
// makes it redraw from the top and lose the reply's last line when the turn settles (issue 31).
// Pure.
import { type MarkdownLine, renderMarkdown } from "./render-markdown.js";
import type { TranscriptItem } from "./transcript-item.js";

/** Rows `text` takes at `columns` (each `\n` starts a row; an empty text is one row). */
export function countTextRows(text: string, columns: number): number {
  const width = Math.max(1, columns);
  let rows = 0;
  for (const line of text.split("\n")) rows += countLineRows(line, width);
  return rows;
}

function countLineRows(line: string, width: number): number {
  let rows = 1;
  let used = 0;
  for (const word of line.split(/(?<= )/)) {
    const length = displayWidth(word.trimEnd());
    const full = displayWidth(word);
    if (used > 0 && used + length > width) {
      rows += 1;
      used = 0;
    }
    if (length > width) {
      // a long word is cut hard: it fills whole rows and leaves a remainder
      rows += Math.ceil(length / width) - 1;
      used = length % width;
      continue;
    }
    used += full;
  }
  return rows;
}

/** Columns a string takes: wide (CJK, emoji) characters count two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const character of text) width += WIDE.test(character) ? 2 : 1;
  return width;
}

const WIDE =
  /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]|\p{Extended_Pictographic}/u;

/** Rows of the markdown lines the Markdown component draws. */
function markdownRows(lines: MarkdownLine[], columns: number): number {
  let rows = 0;
  for (const line of lines) {
    const text = line.spans.map((span) => span.text).join("");
    const prefix = line.kind === "code" || line.kind === "quote" || line.kind === "fence" ? 2 : 0;
    rows += countTextRows(line.kind === "rule" ? "─" : text, columns - prefix);
  }
  return rows;
}

/** Rows one transcript item takes (as TranscriptRow draws it). */
export function countItemRows(item: TranscriptItem, columns: number): number {
  switch (item.kind) {
    case "user": {
      const lead = item.from ? `${item.from} ❯ ` : "❯ ";
      const queued = item.queued ? "  (queued)" : "";
      const failed = item.failed ? countTextRows(`✗ not sent: ${item.failed}`, columns) : 0;
      return 1 + countTextRows(lead + item.text + queued, columns) + failed;
    }
    case "assistant":
      return markdownRows(renderMarkdown(item.text), columns);
    case "tool":
      return 1; // cut to one row (truncate-end)
    case "command":
      return (item.command ? 1 : 0) + countTextRows(item.text, columns);
    case "notice":
      return countTextRows(`· ${item.text}`, columns);
    case "silent":
      return 1; // cut to one row (truncate-end)
    default: {
      const unreachable: never = item;
      return unreachable;
    }
  }
}

/** Rows of several items, one under the other. */
export function countItemsRows(items: readonly TranscriptItem[], columns: number): number {
  return items.reduce((sum, item) => sum + countItemRows(item, columns), 0);
}
