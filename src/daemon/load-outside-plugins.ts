// Outside plugins (SPEC §17): config `plugins` names npm packages (resolved from the agent
// folder, then from kern's own install) or folders (relative to the agent folder). Each is
// imported at start; one that cannot be found, imported, or does not export `{ name, setup }` is
// reported (status, doctor, the log, the web) and skipped — the daemon runs without it. kern
// loads only what the config names: a plugin is code with the operator's rights.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { isAbsolute, join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { z } from "zod";
import type { Config, PluginEntryConfig } from "../config/index.js";
import { describeError, packageFile, parseJsonOrUndefined } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { KernPlugin, LoadablePlugin, PluginReport } from "../runtime/index.js";

const pluginShape = z.object({
  name: z
    .string()
    .regex(/^[a-z][a-z0-9-]{0,31}$/, "a plugin's name is lower-case letters, digits and dashes"),
  setup: z.custom<KernPlugin["setup"]>(
    (value) => typeof value === "function",
    "setup must be a function",
  ),
});

const packageJsonShape = z.object({ version: z.string().optional() }).loose();

export async function loadOutsidePlugins(
  config: Config,
  logger: Logger,
): Promise<{ loaded: LoadablePlugin[]; failed: PluginReport[] }> {
  const loaded: LoadablePlugin[] = [];
  const failed: PluginReport[] = [];
  for (const entry of config.plugins) {
    const { from, pluginConfig } = normalize(entry);
    try {
      const target = locate(from, config.agentDir);
      const module: unknown = await import(pathToFileURL(target.entry).href);
      const plugin = pluginOf(module, from);
      loaded.push({ plugin, config: pluginConfig, builtin: false, from, version: target.version });
    } catch (error) {
      const message = describeError(error);
      logger.error({ plugin: from, error: message }, "plugin could not be loaded");
      failed.push({ name: from, from, version: null, state: "failed", error: message });
    }
  }
  return { loaded, failed };
}

function normalize(entry: PluginEntryConfig) {
  return typeof entry === "string"
    ? { from: entry, pluginConfig: {} }
    : { from: entry.from, pluginConfig: entry.config };
}

function isPath(from: string): boolean {
  return from.startsWith(".") || isAbsolute(from);
}

/** The module file to import and the version its package.json states. */
function locate(from: string, agentDir: string): { entry: string; version: string | null } {
  if (isPath(from)) {
    const folder = resolve(agentDir, from);
    if (!existsSync(folder))
      throw new Error(
        `the plugin folder ${folder} does not exist; fix plugins in .kern/config.json`,
      );
    const require = createRequire(join(folder, "noop.js"));
    return { entry: require.resolve(folder), version: versionOf(join(folder, "package.json")) };
  }
  for (const base of [join(agentDir, "noop.js"), packageFile("package.json")]) {
    try {
      const require = createRequire(base);
      const entry = require.resolve(from);
      const manifest = require.resolve(`${from}/package.json`);
      return { entry, version: versionOf(manifest) };
    } catch {
      // not installed beside this base: try the next one
    }
  }
  throw new Error(
    `the npm package ${from} is not installed; run 'npm install ${from}' in the agent folder`,
  );
}

function versionOf(manifest: string): string | null {
  if (!existsSync(manifest)) return null;
  const parsed = packageJsonShape.safeParse(parseJsonOrUndefined(readFileSync(manifest, "utf8")));
  return parsed.success ? (parsed.data.version ?? null) : null;
}

/** The module's default export (or the module itself) as a plugin; throws saying what is wrong. */
function pluginOf(module: unknown, from: string): KernPlugin {
  const candidate =
    typeof module === "object" && module !== null && "default" in module ? module.default : module;
  const parsed = pluginShape.safeParse(candidate);
  if (!parsed.success)
    throw new Error(
      `${from} does not export a plugin ({ name, setup(host) } as its default export): ${z.prettifyError(parsed.error)}`,
    );
  return parsed.data;
}
