// The agent's daily notes: `notes/YYYY-MM-DD.md`, narrative and append-only (SPEC §2). Lists and
// reads them; never writes. Sync fs: the folder holds a handful of small files.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

/** One daily note file. `path` is relative to the agent folder (`notes/2026-04-02.md`). */
export interface NoteFile {
  path: string;
  /** `YYYY-MM-DD`, from the file name. */
  date: string;
  file: string;
}

const NOTE_NAME = /^(\d{4}-\d{2}-\d{2})\.md$/;

/** The daily notes of `agentDir`, newest first (by the date in the name); [] without notes/. */
export function listNotes(agentDir: string): NoteFile[] {
  const folder = join(agentDir, "notes");
  if (!existsSync(folder)) return [];
  const notes: NoteFile[] = [];
  for (const name of readdirSync(folder)) {
    const match = NOTE_NAME.exec(name);
    if (match?.[1]) notes.push({ path: `notes/${name}`, date: match[1], file: join(folder, name) });
  }
  return notes.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0));
}

/** A note's text; null when it vanished between listing and reading. */
export function readNote(note: NoteFile): string | null {
  try {
    return readFileSync(note.file, "utf8");
  } catch {
    return null; // deleted meanwhile: the caller treats it as absent
  }
}
