// Loads one agent's config: `.kern/config.json`, overlaid by `.kern/.env` and KERN_* env vars,
// validated once, every problem listed at once (SG-19). The only reader of process.env (SG-5).
import { access, readFile } from "node:fs/promises";
import { homedir } from "node:os";
import { basename } from "node:path";
import type { z } from "zod";
import { ConfigError } from "../kernel/index.js";
import { readEnvFile } from "./env-file.js";
import { agentPaths } from "./paths.js";
import { resolveMcpServers } from "./resolve-mcp-servers.js";
import {
  type Config,
  configFileSchema,
  FOREIGN_SERVER_KEYS,
  PROVIDER_BASE_URLS,
  PROVIDER_KEY_VARIABLES,
  PROVIDER_SUMMARY_CONCURRENCY,
  type Provider,
} from "./schema.js";
import { secretsToRedact } from "./secrets-to-redact.js";

export interface LoadConfigOptions {
  agentDir: string;
  /** The process environment; pass `{}` in tests for isolation. */
  env?: Record<string, string | undefined>;
  /** Overrides applied after files and env (e.g. `--max-context-tokens`). */
  overrides?: Record<string, unknown>;
}

/** Environment variables that override config.json keys (SPEC §7). */
const ENV_OVERRIDES: Array<{ variable: string; key: string; parse: (value: string) => unknown }> = [
  { variable: "KERN_MODEL", key: "model", parse: (value) => value },
  { variable: "KERN_BASE_URL", key: "baseUrl", parse: (value) => value },
  { variable: "KERN_PROVIDER", key: "provider", parse: (value) => value },
  { variable: "KERN_PORT", key: "port", parse: (value) => Number(value) },
  { variable: "KERN_EMBEDDING_MODEL", key: "embeddingModel", parse: (value) => value },
  { variable: "KERN_SUMMARY_MODEL", key: "summaryModel", parse: (value) => value },
  { variable: "KERN_LOG_LEVEL", key: "logLevel", parse: (value) => value },
  // The standard variable of OpenTelemetry's exporters, so a collector set up once serves kern too.
  { variable: "OTEL_EXPORTER_OTLP_ENDPOINT", key: "otlpEndpoint", parse: (value) => value },
];

/** The variables kern reads as settings: their values are not secrets (secrets-to-redact.ts). */
const SETTING_VARIABLES: ReadonlySet<string> = new Set([
  ...ENV_OVERRIDES.map((override) => override.variable),
  "KERN_TELEGRAM_API_ROOT",
]);

/** Throws ConfigError KERN_NO_AGENT unless `agentDir` holds a `.kern/` folder. */
export async function assertAgentFolder(agentDir: string): Promise<void> {
  try {
    await access(agentPaths(agentDir).kernDir);
  } catch {
    throw new ConfigError(
      "KERN_NO_AGENT",
      `no agent in ${agentDir} — run 'kern init ${agentDir}' first`,
    );
  }
}

async function readConfigFile(path: string): Promise<Record<string, unknown>> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw new ConfigError("KERN_CONFIG_UNREADABLE", `cannot read ${path}: ${String(error)}`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `${path} is not valid JSON (${(error as Error).message}); fix the syntax or delete the file to use defaults`,
    );
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) {
    throw new ConfigError("KERN_CONFIG_INVALID", `${path} must hold a JSON object`);
  }
  return parsed as Record<string, unknown>;
}

function formatIssues(
  error: z.ZodError,
  configPath: string,
  merged: Record<string, unknown>,
  fromEnv: ReadonlySet<string>,
): string {
  const lines = error.issues.map((issue) => {
    const key = issue.path.join(".") || "(root)";
    const variable = ENV_OVERRIDES.find((override) => override.key === key)?.variable;
    const source = variable && fromEnv.has(variable) ? ` (from ${variable})` : "";
    const value = describeValue(valueAt(merged, issue.path));
    const got = value === undefined ? "" : ` = ${value}${source}`;
    const hint = variable
      ? `; fix it in config.json or export ${variable}`
      : "; fix it in config.json";
    return `  - ${key}${got}: ${issue.message}${foreignKeyHint(issue)}${hint}`;
  });
  return `${configPath} has ${error.issues.length} problem(s):\n${lines.join("\n")}\nSee docs/config.md for every key and its default.`;
}

/** Another MCP client's name for `mcpServers` (VS Code's `servers`): what to write instead. */
function foreignKeyHint(issue: z.core.$ZodIssue): string {
  if (issue.code !== "unrecognized_keys") return "";
  const hints = issue.keys.flatMap((key) =>
    Object.hasOwn(FOREIGN_SERVER_KEYS, key) ? [FOREIGN_SERVER_KEYS[key]] : [],
  );
  return hints.length > 0 ? ` (${hints.join("; ")})` : "";
}

function valueAt(root: unknown, path: readonly PropertyKey[]): unknown {
  let current = root;
  for (const step of path) {
    if (current === null || typeof current !== "object") return undefined;
    current = (current as Record<PropertyKey, unknown>)[step];
  }
  return current;
}

/** The offending value as the user wrote it, short (config.json holds no secrets). */
function describeValue(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  const text = typeof value === "number" && Number.isNaN(value) ? "NaN" : JSON.stringify(value);
  if (text === undefined) return undefined;
  return text.length > 40 ? `${text.slice(0, 37)}...` : text;
}

/** Loads, validates and freezes the config. Throws ConfigError listing every problem at once. */
export async function loadConfig(options: LoadConfigOptions): Promise<Config> {
  const env = options.env ?? {};
  const paths = agentPaths(options.agentDir);
  await assertAgentFolder(options.agentDir);
  const raw = await readConfigFile(paths.configFile);
  const dotenv = await readEnvFile(paths.envFile);
  const lookup = (name: string): string | undefined => env[name] ?? dotenv[name];
  const { merged, fromEnv } = overlaySettings({ raw, lookup, overrides: options.overrides });
  const result = configFileSchema.safeParse(merged);
  if (!result.success) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      formatIssues(result.error, paths.configFile, merged, fromEnv),
    );
  }
  const file = result.data;
  const provider: Provider = file.provider;
  const apiKey = lookup(PROVIDER_KEY_VARIABLES[provider]) ?? lookup("KERN_API_KEY") ?? null;
  const named = secretsToRedact({
    dotenv,
    lookup,
    settings: SETTING_VARIABLES,
    keys: [
      PROVIDER_KEY_VARIABLES[provider],
      "KERN_API_KEY",
      "KERN_AUTH_TOKEN",
      "TELEGRAM_BOT_TOKEN",
    ],
    mcpServers: file.mcpServers,
  });
  const config: Config = {
    ...file,
    agentDir: paths.agentDir,
    agentName: file.name ?? basename(paths.agentDir),
    resolvedBaseUrl: file.baseUrl ?? PROVIDER_BASE_URLS[provider],
    summaryConcurrency: file.summaryConcurrency ?? PROVIDER_SUMMARY_CONCURRENCY[provider],
    searxngUrl: lookup("SEARXNG_URL") || null,
    home: env["HOME"] || homedir(),
    secrets: {
      named,
      apiKey,
      authToken: lookup("KERN_AUTH_TOKEN") ?? null,
      telegramToken: lookup("TELEGRAM_BOT_TOKEN") ?? null,
      mcpServers: resolveMcpServers(file.mcpServers, lookup),
      lookup: (name: string) => lookup(name) ?? null,
    },
  };
  return deepFreeze(config);
}

/**
 * The config file's settings with the environment's (ENV_OVERRIDES, the Telegram API root) laid
 * over them, then the caller's overrides; `fromEnv` names the variables used, for error messages.
 */
function overlaySettings(options: {
  raw: Record<string, unknown>;
  lookup: (name: string) => string | undefined;
  overrides: LoadConfigOptions["overrides"];
}): { merged: Record<string, unknown>; fromEnv: Set<string> } {
  const { raw, lookup } = options;
  const merged: Record<string, unknown> = { ...raw };
  const fromEnv = new Set<string>();
  for (const override of ENV_OVERRIDES) {
    const value = lookup(override.variable);
    if (value === undefined || value === "") continue;
    const parsed = override.parse(value);
    merged[override.key] = typeof parsed === "number" && Number.isNaN(parsed) ? value : parsed;
    fromEnv.add(override.variable);
  }
  const telegramRoot = lookup("KERN_TELEGRAM_API_ROOT");
  if (telegramRoot) {
    const telegram = typeof merged["telegram"] === "object" ? merged["telegram"] : {};
    merged["telegram"] = { ...(telegram as object), apiRoot: telegramRoot };
  }
  for (const [key, value] of Object.entries(options.overrides ?? {})) {
    const current = merged[key];
    const nested = isPlainObject(current) && isPlainObject(value);
    merged[key] = nested ? { ...current, ...value } : value;
  }
  return { merged, fromEnv };
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object") {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
