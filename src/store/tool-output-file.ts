// The whole output of a tool call too long for the log (issue 33 item 8): one private file per
// call under `.kern/tool-output/<session>/` (folders 0700, file 0600), written once, never read by
// kern again. The log entry keeps the bounded form and names this file. The folder ignores itself
// in git (its own `.gitignore`), so an agent made before the template ignored it stays clean.
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** Names tried for one call before giving up (a model reusing one call id 100 times a turn). */
const MAX_NAME_ATTEMPTS = 100;

/** Characters a file name part may hold: a tool call id comes from the model. */
function safePart(text: string): string {
  return text.replace(/[^A-Za-z0-9_-]/g, "_").slice(0, 64) || "call";
}

export interface SaveToolOutputOptions {
  /** `.kern/tool-output` (AgentPaths.toolOutputDir). */
  dir: string;
  session: string;
  turnId: string;
  callId: string;
  text: string;
}

/**
 * Writes `text` to `<dir>/<session>/<turnId>-<callId>.txt` (0600, never overwriting) and returns
 * that path relative to `.kern/` (`tool-output/…`). Rejects when the file cannot be written.
 */
export async function saveToolOutput(options: SaveToolOutputOptions): Promise<string> {
  const session = safePart(options.session);
  const folder = join(options.dir, session);
  await mkdir(options.dir, { recursive: true, mode: 0o700 });
  await ignoreInGit(options.dir);
  await mkdir(folder, { recursive: true, mode: 0o700 });
  const base = `${safePart(options.turnId)}-${safePart(options.callId)}`;
  // A model may reuse a call id in a later step: the next free name, never an overwrite.
  for (let attempt = 1; ; attempt += 1) {
    const name = attempt === 1 ? `${base}.txt` : `${base}-${attempt}.txt`;
    try {
      await writeFile(join(folder, name), options.text, { mode: 0o600, flag: "wx" });
      return `tool-output/${session}/${name}`;
    } catch (error) {
      const exists = (error as NodeJS.ErrnoException).code === "EEXIST";
      if (!exists || attempt >= MAX_NAME_ATTEMPTS) throw error;
    }
  }
}

/**
 * `.kern/tool-output/.gitignore` holding `*` (as tool caches do): whole outputs never show in the
 * agent's `git status`, whatever its root .gitignore says (issue 48 item 10). Written once.
 */
async function ignoreInGit(dir: string): Promise<void> {
  try {
    await writeFile(join(dir, ".gitignore"), IGNORE_ALL, { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

const IGNORE_ALL = "# whole tool outputs (kern): never committed\n*\n";
