// The agent folder's git repository in a backup: `git bundle create --all` (every branch, tag and
// remote-tracking ref, with their history), and at restore a fresh repository fetching it back
// with HEAD as it was. Only a repository of the agent folder's own: an agent inside a larger
// checkout keeps its files, not the larger history.
import { execFile } from "node:child_process";
import { existsSync, realpathSync } from "node:fs";
import { join } from "node:path";
import { DaemonError } from "../../kernel/index.js";

interface GitResult {
  code: number;
  stdout: string;
  stderr: string;
}

function git(cwd: string, args: readonly string[]): Promise<GitResult> {
  return new Promise((resolve) => {
    execFile("git", [...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === "number" ? error.code : 127) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr || error?.message || "") });
    });
  });
}

async function mustGit(cwd: string, args: readonly string[]): Promise<string> {
  const result = await git(cwd, args);
  if (result.code !== 0) {
    throw new DaemonError(
      "KERN_BACKUP_FAILED",
      `git ${args[0]} failed in ${cwd}: ${result.stderr.trim().split("\n")[0]}`,
    );
  }
  return result.stdout;
}

export interface RepositoryState {
  head: string | null;
  refs: number;
}

/** The folder's own repository's HEAD and ref count; null without one (or without git). */
export async function repositoryOf(agentDir: string): Promise<RepositoryState | null> {
  if (!existsSync(join(agentDir, ".git"))) return null;
  const top = await git(agentDir, ["rev-parse", "--show-toplevel"]);
  if (top.code !== 0 || realpathSync(top.stdout.trim()) !== realpathSync(agentDir)) return null;
  const symbolic = await git(agentDir, ["symbolic-ref", "-q", "HEAD"]);
  const commit = await git(agentDir, ["rev-parse", "-q", "--verify", "HEAD"]);
  const refs = (await mustGit(agentDir, ["for-each-ref", "--format=%(refname)"]))
    .split("\n")
    .filter(Boolean).length;
  const head = symbolic.code === 0 ? symbolic.stdout.trim() : commit.stdout.trim() || null;
  return { head, refs };
}

/** Writes every ref with its history to `file`; false when there is nothing to bundle yet. */
export async function bundleRepository(agentDir: string, file: string): Promise<boolean> {
  const commits = await git(agentDir, ["rev-list", "-n", "1", "--all"]);
  if (commits.code !== 0 || commits.stdout.trim() === "") return false;
  await mustGit(agentDir, ["bundle", "create", "-q", file, "--all"]);
  return true;
}

/**
 * Makes `agentDir` a repository holding the bundle's refs, HEAD as recorded and an index that
 * matches HEAD; the working tree (restored beside it) is left as it is.
 */
export async function restoreRepository(
  agentDir: string,
  bundle: string | null,
  head: string | null,
): Promise<void> {
  await mustGit(agentDir, ["init", "-q"]);
  if (bundle) {
    await mustGit(agentDir, ["bundle", "verify", "-q", bundle]);
    await mustGit(agentDir, ["fetch", "-q", "--update-head-ok", bundle, "+refs/*:refs/*"]);
  }
  if (head?.startsWith("refs/")) await mustGit(agentDir, ["symbolic-ref", "HEAD", head]);
  else if (head) await mustGit(agentDir, ["update-ref", "--no-deref", "HEAD", head]);
  if (bundle && head) await mustGit(agentDir, ["reset", "-q"]);
}
