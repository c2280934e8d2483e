// The input history, kept per agent in `.kern/tui-history.jsonl` (one JSON string per line, so a
// multi-line message stays one entry). Read once at start; each sent message is appended. A file
// that cannot be read or written costs the history, never the chat.
import { appendFileSync, readFileSync } from "node:fs";

/** How many entries Up can reach; older lines stay in the file but are not loaded. */
export const HISTORY_LIMIT = 500;

export interface LineHistory {
  entries: readonly string[];
  append(text: string): void;
}

export function openLineHistory(file: string | null): LineHistory {
  if (!file) return { entries: [], append: () => undefined };
  return {
    entries: readEntries(file),
    append(text: string) {
      try {
        appendFileSync(file, `${JSON.stringify(text)}\n`, { mode: 0o600 });
      } catch {
        // A read-only folder: the message is sent all the same.
      }
    },
  };
}

function readEntries(file: string): string[] {
  let content: string;
  try {
    content = readFileSync(file, "utf8");
  } catch {
    return [];
  }
  const entries: string[] = [];
  for (const line of content.split("\n").slice(-HISTORY_LIMIT - 1)) {
    try {
      const parsed: unknown = JSON.parse(line);
      if (typeof parsed === "string" && parsed !== entries.at(-1)) entries.push(parsed);
    } catch {
      // a torn last line after a crash: skip it
    }
  }
  return entries;
}
