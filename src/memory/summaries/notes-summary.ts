// The `<notes_summary>` section (SPEC §5): a summary of the 5 daily notes before the newest one,
// cached in the index and recorded in the memory log (`notes-summary-write`). The model writes it
// when one is configured, else the extractive summarizer.
import { listNotes, readNote } from "../../agent/index.js";
import { type Clock, isoNow, type NotesView, type SessionMessage } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { AgentStore } from "../../store/index.js";
import type { SummaryModel } from "../pipeline-context.js";
import { countTokens } from "../text/count-tokens.js";
import { extractiveTargetTokens, summarizeExtractive } from "./extractive-summarizer.js";
import { parseSummaryBody } from "./summary-block.js";
import { callSummaryModel, recordModelUsage } from "./summary-model.js";

/** Notes before the newest one that the summary covers. */
const SUMMARIZED_NOTES = 5;
/** Cap of the model's output, ~ the size of a long daily note. */
const NOTES_SUMMARY_MAX_TOKENS = 1_200;
/** Input per note sent to the model; daily notes are short, this bounds pathological ones. */
const MAX_NOTE_CHARS = 12_000;

export interface NotesSummaryDependencies {
  store: AgentStore;
  agentDir: string;
  summaryModel: SummaryModel | null;
  clock: Clock;
  logger: Logger;
  signal?: AbortSignal;
}

/** The previous notes (newest first, at most 5) with their text. */
function previousNotes(agentDir: string): Array<{ path: string; date: string; content: string }> {
  return listNotes(agentDir)
    .slice(1, 1 + SUMMARIZED_NOTES)
    .flatMap((note) => {
      const content = readNote(note);
      return content === null ? [] : [{ path: note.path, date: note.date, content }];
    });
}

/** The notes, the cached summary and when it was written. Reads files; never calls a model. */
export function notesView(deps: Pick<NotesSummaryDependencies, "store" | "agentDir">): NotesView {
  const notes = listNotes(deps.agentDir);
  const newest = notes[0];
  const content = newest ? readNote(newest) : null;
  const record = deps.store.state.notesSummary();
  return {
    latest: newest && content !== null ? { path: newest.path, content } : null,
    previous: notes.slice(1, 1 + SUMMARIZED_NOTES).map((note) => note.path),
    summary: record?.summary ?? null,
    summaryUpdatedAt: record?.updatedAt ?? null,
  };
}

/** True when the cached summary covers exactly the current previous notes (or there are none). */
export function isNotesSummaryCurrent(
  deps: Pick<NotesSummaryDependencies, "store" | "agentDir">,
): boolean {
  const wanted = listNotes(deps.agentDir)
    .slice(1, 1 + SUMMARIZED_NOTES)
    .map((note) => note.path);
  const record = deps.store.state.notesSummary();
  if (!record) return wanted.length === 0;
  return (
    record.paths.length === wanted.length &&
    record.paths.every((path, index) => path === wanted[index])
  );
}

function extractiveNotesSummary(notes: ReturnType<typeof previousNotes>): string {
  return notes
    .map((note, index) => {
      const message: SessionMessage = {
        seq: index,
        ts: note.date,
        role: "assistant",
        content: note.content,
      };
      const target = Math.max(120, extractiveTargetTokens(countTokens(note.content)));
      return `${note.date}:\n${summarizeExtractive({ messages: [message], targetTokens: target })}`;
    })
    .join("\n");
}

function notesRequest(notes: ReturnType<typeof previousNotes>) {
  const system = [
    "You are kern's memory summarizer. Summarize an agent's previous daily notes (its own",
    "narrative memory) as first-person bullet notes grouped by date, newest first: what happened,",
    "what was decided and why, what is still open. Keep names, identifiers, numbers and dates",
    "verbatim. Output only the bullets.",
  ].join(" ");
  const user = notes
    .map((note) => `<note path="${note.path}">\n${note.content.slice(0, MAX_NOTE_CHARS)}\n</note>`)
    .join("\n\n");
  return { system, user, maxOutputTokens: NOTES_SUMMARY_MAX_TOKENS * 2 };
}

/**
 * Writes a fresh summary of the previous notes (memory log first, then the index) and returns the
 * view. With no previous notes, records nothing. A model failure falls back to extractive.
 */
export async function regenerateNotesSummary(deps: NotesSummaryDependencies): Promise<NotesView> {
  const notes = previousNotes(deps.agentDir);
  if (notes.length === 0) return notesView(deps);
  let summary = extractiveNotesSummary(notes);
  let method = "extractive";
  if (deps.summaryModel) {
    try {
      const result = await callSummaryModel({
        model: deps.summaryModel,
        request: notesRequest(notes),
        signal: deps.signal ?? new AbortController().signal,
        parse: parseSummaryBody,
      });
      recordModelUsage(deps.store, deps.clock, {
        model: deps.summaryModel.model,
        purpose: "notes",
        usage: result.usage,
      });
      summary = result.text;
      method = `llm:${deps.summaryModel.model}`;
    } catch (error) {
      deps.logger.warn({ error: String(error) }, "notes summary by model failed; extractive used");
    }
  }
  const paths = notes.map((note) => note.path);
  const ts = isoNow(deps.clock);
  deps.store.memoryLog.append([{ type: "notes-summary-write", ts, paths, summary, method }]);
  deps.store.state.setNotesSummary({ paths, summary, method, updatedAt: ts });
  return notesView(deps);
}
