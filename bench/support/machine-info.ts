// The machine a benchmark ran on: CPU, cores, RAM, OS, Node and the versions of the packages that
// shape the figures (read from node_modules, so the report names what actually ran).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { arch, cpus, loadavg, platform, release, totalmem } from "node:os";
import { join } from "node:path";
import { z } from "zod";

export interface MachineInfo {
  cpu: string;
  cores: number;
  ramGb: number;
  os: string;
  node: string;
  packages: Record<string, string>;
  /** 1, 5 and 15 minute load averages when the run ended: other work on the machine skews timings. */
  loadAverage: number[];
  /** The commit measured, with "+changes" when src/ had uncommitted changes. */
  commit: string;
}

/** HEAD's short hash, marked when src/ differs from it; "unknown" outside a git checkout. */
export function measuredCommit(root: string): string {
  try {
    const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" });
    const head = git("rev-parse", "--short", "HEAD").trim();
    return git("status", "--porcelain", "--", "src").trim() ? `${head}+changes` : head;
  } catch {
    return "unknown"; // no git or not a checkout: the report says so
  }
}

/** Packages whose speed or behaviour the figures depend on. */
const MEASURED_PACKAGES = ["better-sqlite3", "sqlite-vec", "gpt-tokenizer", "openai", "tsx", "zod"];

const packageJsonSchema = z.looseObject({ version: z.string() });

function installedVersion(root: string, name: string): string {
  try {
    const text = readFileSync(join(root, "node_modules", name, "package.json"), "utf8");
    return packageJsonSchema.parse(JSON.parse(text)).version;
  } catch {
    return "not installed"; // reported as such rather than failing the whole run
  }
}

/**
 * Describes this machine; `root` is the repository (for node_modules and kern's own version).
 * Pass the `commit` taken when the run started (the code loaded then is what was measured).
 */
export function machineInfo(root: string, commit: string): MachineInfo {
  const processors = cpus();
  const kern = packageJsonSchema.parse(
    JSON.parse(readFileSync(join(root, "package.json"), "utf8")),
  );
  const packages: Record<string, string> = { kern: kern.version };
  for (const name of MEASURED_PACKAGES) packages[name] = installedVersion(root, name);
  return {
    cpu: processors[0]?.model.trim() ?? "unknown",
    cores: processors.length,
    ramGb: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    os: `${platform()} ${release()} ${arch()}`,
    node: process.version,
    packages,
    loadAverage: loadavg().map((value) => Math.round(value * 100) / 100),
    commit,
  };
}
