// Writes one key back to `.kern/config.json` (e.g. the port chosen at first start), keeping every
// other key as the user wrote it. Atomic: temp file + rename.
import { readFile, rename, writeFile } from "node:fs/promises";
import { z } from "zod";
import { ConfigError, parseJsonAs } from "../kernel/index.js";
import { agentPaths } from "./paths.js";

export async function updateConfigFile(
  agentDir: string,
  updates: Record<string, unknown>,
): Promise<void> {
  const path = agentPaths(agentDir).configFile;
  let text: string | null = null;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const current =
    text === null
      ? {}
      : parseJsonAs(text, z.record(z.string(), z.unknown()), {
          source: path,
          code: "KERN_CONFIG_INVALID",
          errorClass: ConfigError,
          fix: "it must hold one JSON object; fix it by hand or move it away and run 'kern init'",
        });
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify({ ...current, ...updates }, null, 2)}\n`, {
    mode: 0o600,
  });
  await rename(temporary, path);
}
