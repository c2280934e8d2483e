// The agent's own files that open every prompt (SPEC §5): AGENTS.md, IDENTITY.md, KERN.md (the
// agent's override, else the package template), KNOWLEDGE.md, USERS.md and the newest daily note.
// Re-read on every call; a cache keyed by mtime and size only saves re-reading unchanged files.
import { readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { listNotes } from "./notes.js";

/** One file injected as `<document path="…">`; `path` is relative to the agent folder. */
export interface AgentDocument {
  path: string;
  content: string;
}

/** Remembers file contents by absolute path, valid while mtime and size are unchanged. */
export type AgentDocumentCache = Map<string, { mtimeMs: number; size: number; content: string }>;

export interface LoadAgentDocumentsOptions {
  agentDir: string;
  /** The package's templates/ folder, for the default KERN.md. */
  templatesDir: string;
  cache?: AgentDocumentCache;
}

/** Root files in prompt order (SPEC §5); the newest daily note follows them. */
const ROOT_DOCUMENTS = ["AGENTS.md", "IDENTITY.md", "KERN.md", "KNOWLEDGE.md", "USERS.md"];

function readCached(file: string, cache: AgentDocumentCache | undefined): string | null {
  let stats: { mtimeMs: number; size: number; isFile(): boolean };
  try {
    stats = statSync(file);
  } catch {
    return null; // missing file: the section is simply left out
  }
  if (!stats.isFile()) return null;
  const cached = cache?.get(file);
  if (cached && cached.mtimeMs === stats.mtimeMs && cached.size === stats.size) {
    return cached.content;
  }
  try {
    const content = readFileSync(file, "utf8");
    cache?.set(file, { mtimeMs: stats.mtimeMs, size: stats.size, content });
    return content;
  } catch {
    return null; // vanished or unreadable between stat and read: left out this turn
  }
}

/**
 * The documents of SPEC §5 in prompt order; missing files are left out. KERN.md is the agent's own
 * when present, else `<templatesDir>/KERN.md` (its `path` stays `KERN.md`). Never throws.
 */
export function loadAgentDocuments(options: LoadAgentDocumentsOptions): AgentDocument[] {
  const documents: AgentDocument[] = [];
  for (const name of ROOT_DOCUMENTS) {
    let content = readCached(join(options.agentDir, name), options.cache);
    if (content === null && name === "KERN.md") {
      content = readCached(join(options.templatesDir, name), options.cache);
    }
    if (content !== null) documents.push({ path: name, content });
  }
  const newest = listNotes(options.agentDir)[0];
  if (newest) {
    const content = readCached(newest.file, options.cache);
    if (content !== null) documents.push({ path: newest.path, content });
  }
  return documents;
}
