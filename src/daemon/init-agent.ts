// `kern init`: scaffolds an agent folder from templates/ (SPEC §2). Never overwrites a file; a
// folder that already has AGENTS.md is adopted. Secrets go to `.kern/.env` (0600), never config.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import {
  agentPaths,
  configFileSchema,
  PROVIDER_KEY_VARIABLES,
  type Provider,
  readEnvFile,
  updateEnvFile,
} from "../config/index.js";
import { ConfigError, createSecret } from "../kernel/index.js";

/** The package's templates/ folder (src/daemon → ../../templates, also from dist/daemon). */
export const TEMPLATES_DIR = resolve(dirname(fileURLToPath(import.meta.url)), "../../templates");

const TEMPLATE_FILES: Array<[template: string, target: string]> = [
  ["AGENTS.md", "AGENTS.md"],
  ["IDENTITY.md", "IDENTITY.md"],
  ["KNOWLEDGE.md", "KNOWLEDGE.md"],
  ["USERS.md", "USERS.md"],
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
  /** Use git when available (default true). */
  git?: boolean;
}

export interface InitAgentReport {
  agentDir: string;
  created: string[];
  kept: string[];
  adopted: boolean;
  gitCommitted: boolean;
}

/** Creates or adopts an agent folder. Idempotent: a second run creates nothing and keeps everything. */
export async function initAgent(options: InitAgentOptions): Promise<InitAgentReport> {
  const paths = agentPaths(options.agentDir);
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
    writeFileSync(target, content, { flag: "wx", mode });
    created.push(relative);
  };
  for (const [template, target] of TEMPLATE_FILES) {
    writeOnce(target, readFileSync(join(TEMPLATES_DIR, template), "utf8"));
  }
  for (const folder of ["knowledge", "notes"]) writeOnce(join(folder, ".gitkeep"), "");
  writeOnce(".kern/config.json", `${JSON.stringify(buildConfigFile(options), null, 2)}\n`);
  mkdirSync(paths.sessionsDir, { recursive: true });
  await writeSecrets(paths.envFile, options, created);
  const gitCommitted =
    options.git !== false && created.length > 0 && commitIfNewRepository(paths.agentDir);
  return { agentDir: paths.agentDir, created, kept, adopted, gitCommitted };
}

function buildConfigFile(options: InitAgentOptions): Record<string, unknown> {
  const config: Record<string, unknown> = {};
  if (options.name) config["name"] = options.name;
  if (options.provider) config["provider"] = options.provider;
  if (options.model) config["model"] = options.model;
  if (options.baseUrl) config["baseUrl"] = options.baseUrl;
  if (options.embeddingModel) config["embeddingModel"] = options.embeddingModel;
  if (options.summaryModel) config["summaryModel"] = options.summaryModel;
  const parsed = configFileSchema.safeParse(config);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `--${issue.path.join(".")}: ${issue.message}`,
    );
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `invalid init options:\n  ${problems.join("\n  ")}`,
    );
  }
  return config;
}

async function writeSecrets(
  envFile: string,
  options: InitAgentOptions,
  created: string[],
): Promise<void> {
  const existing = await readEnvFile(envFile);
  const updates: Record<string, string> = {};
  if (!existing["KERN_AUTH_TOKEN"]) updates["KERN_AUTH_TOKEN"] = createSecret();
  if (options.apiKey)
    updates[PROVIDER_KEY_VARIABLES[options.provider ?? "openai-compatible"]] = options.apiKey;
  if (options.telegramToken) updates["TELEGRAM_BOT_TOKEN"] = options.telegramToken;
  if (Object.keys(updates).length === 0) return;
  if (!existsSync(envFile)) created.push(".kern/.env");
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

/** `git init` + first commit, only for a folder that is not a repository yet. */
function commitIfNewRepository(agentDir: string): boolean {
  if (!hasGit() || existsSync(join(agentDir, ".git"))) return false;
  const git = (...args: string[]) => execFileSync("git", args, { cwd: agentDir, stdio: "pipe" });
  git("init", "--quiet");
  git("add", "-A");
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
