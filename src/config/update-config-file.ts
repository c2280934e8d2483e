// Writes one key back to `.kern/config.json` (e.g. the port chosen at first start), keeping every
// other key as the user wrote it. Atomic: temp file + rename.
import { readFile, rename, writeFile } from "node:fs/promises";
import { agentPaths } from "./paths.js";

export async function updateConfigFile(
  agentDir: string,
  updates: Record<string, unknown>,
): Promise<void> {
  const path = agentPaths(agentDir).configFile;
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(await readFile(path, "utf8")) as Record<string, unknown>;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ ...current, ...updates }, null, 2)}\n`);
  await rename(temporary, path);
}
