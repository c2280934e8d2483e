// Reads and updates `.kern/.env` (KEY=value lines). Values are secrets: never log them.
import { chmod, readFile, writeFile } from "node:fs/promises";
import { parseEnv } from "node:util";

/**
 * Parses dotenv text with Node's own parser (`util.parseEnv`, Node >= 20.12): `KEY=value`,
 * quotes, `export`, and `#` comments, including one after a value (`KEY=sk-abc # work key`
 * is `sk-abc`; the hand-written parser kept the comment in the key).
 */
export function parseEnvText(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (typeof value === "string") values[key] = value;
  }
  return values;
}

/** Reads an env file; a missing file is empty. */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  try {
    return parseEnvText(await readFile(path, "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/** Sets keys in an env file (keeping other lines), written with mode 0600. */
export async function updateEnvFile(path: string, updates: Record<string, string>): Promise<void> {
  let lines: string[] = [];
  try {
    lines = (await readFile(path, "utf8")).split(/\r?\n/).filter((line) => line !== "");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const pending = new Map(Object.entries(updates));
  const next = lines.map((line) => {
    const key = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line.trim())?.[1];
    if (key !== undefined && pending.has(key)) {
      const value = pending.get(key);
      pending.delete(key);
      return `${key}=${value}`;
    }
    return line;
  });
  for (const [key, value] of pending) next.push(`${key}=${value}`);
  await writeFile(path, `${next.join("\n")}\n`, { mode: 0o600 });
  await chmod(path, 0o600);
}
