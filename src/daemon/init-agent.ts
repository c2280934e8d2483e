// `kern init`: scaffolds an agent folder from templates/ (SPEC §2). Never overwrites a file; a
// folder that already has AGENTS.md is adopted; flags given for an existing agent update its
// config (reported). Secrets go to `.kern/.env` (0600), never config.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import {
  agentPaths,
  configFileSchema,
  PROVIDER_KEY_VARIABLES,
  type Provider,
  readEnvFile,
  updateConfigFile,
  updateEnvFile,
} from "../config/index.js";
import { ConfigError, createSecret, packageFile } from "../kernel/index.js";
import { makeTreePrivate } from "../store/index.js";
import { pickPort } from "./pick-port.js";

/** The package's templates/ folder. */
export const TEMPLATES_DIR = packageFile("templates");

const TEMPLATE_FILES: Array<[template: string, target: string]> = [
  ["AGENTS.md", "AGENTS.md"],
  ["IDENTITY.md", "IDENTITY.md"],
  ["KNOWLEDGE.md", "KNOWLEDGE.md"],
  ["USERS.md", "USERS.md"],
  ["HEARTBEAT.md", "HEARTBEAT.md"],
  ["gitignore", ".gitignore"],
];

export interface InitAgentOptions {
  agentDir: string;
  name?: string;
  provider?: Provider;
  model?: string;
  baseUrl?: string;
  apiKey?: string;
  embeddingModel?: string;
  summaryModel?: string;
  telegramToken?: string;
  /** Written to .kern/.env as DISCORD_BOT_TOKEN (the discord plugin reads it). */
  discordToken?: string;
  /** Use git when available (default true). */
  git?: boolean;
  /**
   * Where a new agent's API port is picked (a free one, written to config.json so the first start
   * changes nothing in git). Below the ephemeral ports of Linux, macOS and Windows, so no
   * outbound connection or port-0 listener takes it between init and start.
   */
  portRange?: { from: number; to: number };
  /**
   * In a new repository, commit every file of the folder, not only those init wrote (`kern demo`:
   * the files it copied are kern's own).
   */
  commitAll?: boolean;
}

export const DEFAULT_PORT_RANGE = { from: 20_000, to: 32_000 };

export interface InitAgentReport {
  agentDir: string;
  created: string[];
  kept: string[];
  /** Changes to an existing agent asked for by flags: `model: a → b`, `.kern/.env: KEY`. */
  updated: string[];
  adopted: boolean;
  gitCommitted: boolean;
}

/** The config keys `kern init` flags set. */
const CONFIG_FLAG_KEYS = [
  "name",
  "provider",
  "model",
  "baseUrl",
  "embeddingModel",
  "summaryModel",
] as const;

/**
 * Creates or adopts an agent folder. Idempotent: a second run creates nothing and keeps
 * everything, except what its flags ask to change in an existing config (reported as updated).
 * Everything is validated before the first file is written: bad flags leave no half-made folder.
 */
export async function initAgent(options: InitAgentOptions): Promise<InitAgentReport> {
  const paths = agentPaths(options.agentDir);
  const plan = planConfig(paths.configFile, options);
  assertOneLineSecrets(options);
  const adopted = existsSync(join(paths.agentDir, "AGENTS.md"));
  const created: string[] = [];
  const kept: string[] = [];
  const writeOnce = (relative: string, content: string, mode?: number): void => {
    const target = join(paths.agentDir, relative);
    if (existsSync(target)) {
      kept.push(relative);
      return;
    }
    mkdirSync(dirname(target), { recursive: true });
    const kern = relative.startsWith(".kern");
    writeFileSync(target, content, { flag: "wx", mode: mode ?? (kern ? 0o600 : undefined) });
    created.push(relative);
  };
  for (const [template, target] of TEMPLATE_FILES) {
    writeOnce(target, readFileSync(join(TEMPLATES_DIR, template), "utf8"));
  }
  const ignoreAdded = addMissingIgnores(join(paths.agentDir, ".gitignore"), created);
  for (const folder of ["knowledge", "notes"]) writeOnce(join(folder, ".gitkeep"), "");
  if (!existsSync(paths.configFile) && plan.config["port"] === undefined) {
    const port = await pickPort(options.portRange ?? DEFAULT_PORT_RANGE);
    if (port !== null) plan.config["port"] = port;
  }
  writeOnce(".kern/config.json", `${JSON.stringify(plan.config, null, 2)}\n`);
  if (plan.changes.length > 0) await updateConfigFile(paths.agentDir, plan.config);
  mkdirSync(paths.sessionsDir, { recursive: true, mode: 0o700 });
  const updated = [...plan.changes];
  if (ignoreAdded.length > 0) updated.push(`.gitignore: ${ignoreAdded.join(", ")}`);
  await writeSecrets(paths.envFile, options, plan.provider, { created, updated });
  makeTreePrivate(paths.kernDir);
  const gitCommitted =
    options.git !== false &&
    created.length > 0 &&
    commitIfNewRepository(paths.agentDir, created, options.commitAll === true);
  return { agentDir: paths.agentDir, created, kept, updated, adopted, gitCommitted };
}

interface ConfigPlan {
  /** The whole config.json to write (new agent) or the merged one (existing agent). */
  config: Record<string, unknown>;
  /** `key: old → new` for each flag that changes an existing config. */
  changes: string[];
  provider: Provider;
}

/** The config the flags ask for, merged over an existing one, validated; writes nothing. */
function planConfig(configFile: string, options: InitAgentOptions): ConfigPlan {
  const flags: Record<string, unknown> = {};
  for (const key of CONFIG_FLAG_KEYS) if (options[key]) flags[key] = options[key];
  assertBaseUrlScheme(options.baseUrl);
  const existing = readExistingConfig(configFile);
  const config = { ...(existing ?? {}), ...flags };
  const parsed = configFileSchema.safeParse(config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => {
      const key = String(issue.path[0] ?? "");
      const where = key in flags ? `--${kebab(key)}` : `${key} in ${configFile}`;
      return `${where}: ${issue.message}`;
    });
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `invalid init options (nothing was written):\n  ${problems.join("\n  ")}`,
    );
  }
  const changes = existing
    ? Object.entries(flags)
        .filter(([key, value]) => existing[key] !== value)
        .map(([key, value]) => `${key}: ${String(existing[key] ?? "(unset)")} → ${String(value)}`)
    : [];
  return { config, changes, provider: parsed.data.provider };
}

function readExistingConfig(configFile: string): Record<string, unknown> | null {
  if (!existsSync(configFile)) return null;
  try {
    const parsed: unknown = JSON.parse(readFileSync(configFile, "utf8"));
    if (parsed !== null && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new ConfigError(
    "KERN_CONFIG_INVALID",
    `${configFile} is not a JSON object; fix or delete it, then run kern init again (nothing was written)`,
  );
}

function assertOneLineSecrets(options: InitAgentOptions): void {
  for (const [flag, value] of [
    ["--api-key", options.apiKey],
    ["--telegram-token", options.telegramToken],
    ["--discord-token", options.discordToken],
  ] as const) {
    if (value !== undefined && /\s/.test(value)) {
      throw new ConfigError(
        "KERN_CONFIG_INVALID",
        `${flag} must be one word without spaces or line breaks (nothing was written)`,
      );
    }
  }
}

/** `localhost:8000` parses as a URL with the scheme `localhost:`; a model endpoint is http(s). */
function assertBaseUrlScheme(baseUrl: string | undefined): void {
  if (!baseUrl || /^https?:\/\//i.test(baseUrl)) return;
  throw new ConfigError(
    "KERN_CONFIG_INVALID",
    `invalid init options (nothing was written):\n  --base-url: ${baseUrl} has no http:// or https:// in front; e.g. --base-url http://${baseUrl.replace(/^[a-z]+:\/\//i, "")}${baseUrl.includes("/v1") ? "" : "/v1"}`,
  );
}

function kebab(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

async function writeSecrets(
  envFile: string,
  options: InitAgentOptions,
  provider: Provider,
  report: { created: string[]; updated: string[] },
): Promise<void> {
  const existing = await readEnvFile(envFile);
  const updates: Record<string, string> = {};
  if (!existing["KERN_AUTH_TOKEN"]) updates["KERN_AUTH_TOKEN"] = createSecret();
  if (options.apiKey) updates[PROVIDER_KEY_VARIABLES[provider]] = options.apiKey;
  if (options.telegramToken) updates["TELEGRAM_BOT_TOKEN"] = options.telegramToken;
  if (options.discordToken) updates["DISCORD_BOT_TOKEN"] = options.discordToken;
  if (Object.keys(updates).length === 0) return;
  if (!existsSync(envFile)) report.created.push(".kern/.env");
  else {
    const changed = Object.keys(updates).filter((key) => existing[key] !== updates[key]);
    if (changed.length > 0) report.updated.push(`.kern/.env: ${changed.join(", ")}`);
  }
  await updateEnvFile(envFile, updates);
}

function hasGit(): boolean {
  try {
    execFileSync("git", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false; // no git on this machine: the folder works without it
  }
}

/**
 * `git init` + first commit, only for a folder that is not a repository yet. Commits only the
 * files init wrote (never what was already in the folder), minus what .gitignore excludes.
 */
function commitIfNewRepository(
  agentDir: string,
  created: readonly string[],
  all: boolean,
): boolean {
  if (!hasGit() || existsSync(join(agentDir, ".git"))) return false;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: agentDir, stdio: "pipe" });
  git("init", "--quiet");
  if (all) return commit(git, ["--all"]);
  const tracked = created.filter((file) => {
    try {
      git("check-ignore", "--quiet", "--", file);
      return false; // ignored (e.g. .kern/.env)
    } catch {
      return true;
    }
  });
  if (tracked.length === 0) return false;
  return commit(git, ["--", ...tracked]);
}

function commit(git: (...args: string[]) => Buffer, files: string[]): boolean {
  git("add", ...files);
  const identity = ["-c", "user.name=kern", "-c", "user.email=kern@localhost"];
  let hasIdentity = true;
  try {
    git("config", "user.email");
  } catch {
    hasIdentity = false; // no git identity configured: commit as kern
  }
  git(...(hasIdentity ? [] : identity), "commit", "--quiet", "-m", "Initialize kern agent");
  return true;
}

/**
 * The entries of kern's .gitignore template an existing .gitignore lacks, appended to it (an
 * agent made by an older kern learns to ignore files kern added since, e.g. the queue file).
 * Returns the entries added; none for a .gitignore init just wrote.
 */
function addMissingIgnores(file: string, created: readonly string[]): string[] {
  if (created.includes(".gitignore") || !existsSync(file)) return [];
  const current = readFileSync(file, "utf8");
  const have = new Set(current.split("\n").map((line) => line.trim()));
  const template = readFileSync(join(TEMPLATES_DIR, "gitignore"), "utf8");
  const missing = template
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#") && !have.has(line));
  if (missing.length === 0) return [];
  const separator = current === "" || current.endsWith("\n") ? "" : "\n";
  appendFileSync(file, `${separator}${missing.join("\n")}\n`);
  return missing;
}
