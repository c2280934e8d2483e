// Runs each plugin's setup in order with its own host (SPEC §17). A setup that throws, or does
// not finish within SETUP_TIMEOUT_MS, leaves nothing registered and is reported (status, doctor,
// the log, the web); the daemon runs without it.
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { createPluginHost, type PluginEntry, type PluginHostParts } from "./create-plugin-host.js";

/** Long enough for a plugin that reads a few files or checks a binary; a hang must not stop kern. */
const SETUP_TIMEOUT_MS = 10_000;

/** A plugin as `kern plugins list` shows it. */
export interface PluginReport {
  name: string;
  /** "kern" for the built-ins; else the npm package name or the folder, as config names it. */
  from: string;
  version: string | null;
  state: "ready" | "failed";
  /** Why it failed, with how to fix it. */
  error: string | null;
}

export type LoadablePlugin = PluginEntry & { from: string; version: string | null };

export async function setupPlugins(
  entries: readonly LoadablePlugin[],
  parts: PluginHostParts,
  logger: Logger,
): Promise<PluginReport[]> {
  const reports: PluginReport[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const report = { name: entry.plugin.name, from: entry.from, version: entry.version };
    if (names.has(entry.plugin.name)) {
      const error = `another plugin is named "${entry.plugin.name}"; rename one or leave it out of plugins`;
      reports.push({ ...report, state: "failed", error });
      continue;
    }
    names.add(entry.plugin.name);
    const staged = createPluginHost(entry, parts);
    try {
      await withTimeout(Promise.resolve(entry.plugin.setup(staged.host)), entry.plugin.name);
      staged.commit();
      reports.push({ ...report, state: "ready", error: null });
    } catch (error) {
      staged.abandon();
      const message = describeError(error);
      logger.error(
        { plugin: entry.plugin.name, from: entry.from, error: message },
        "plugin failed",
      );
      reports.push({ ...report, state: "failed", error: message });
    }
  }
  return reports;
}

async function withTimeout<T>(work: Promise<T>, name: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${name}'s setup did not finish within ${SETUP_TIMEOUT_MS / 1000} s`)),
      SETUP_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
