// Commits a file the daemon wrote into the agent's folder (USERS.md's paired-users block), so
// the agent's repository stays clean after a week of use (issue 48). Only when the folder is a
// git repository and the file changed; a failure is logged, never thrown: a missing git or a
// broken repository must not stop a pairing.
import { execFile } from "node:child_process";
import { relative } from "node:path";
import { promisify } from "node:util";
import { describeError } from "../kernel/index.js";
import type { Logger } from "../log/index.js";

const run = promisify(execFile);

export async function commitAgentFile(
  agentDir: string,
  file: string,
  message: string,
  logger: Logger,
): Promise<void> {
  const path = relative(agentDir, file);
  const git = (...args: string[]) => run("git", args, { cwd: agentDir, timeout: 10_000 });
  try {
    await git("rev-parse", "--is-inside-work-tree");
  } catch {
    return; // not a repository (git init was skipped): nothing to commit into
  }
  try {
    await git("add", "--", path);
    const staged = await git("diff", "--cached", "--name-only", "--", path);
    if (staged.stdout.trim() === "") return;
    // The operator's own git identity when one is set; kern's otherwise.
    const identity = await git("config", "user.email").then(
      () => [],
      () => ["-c", "user.name=kern", "-c", "user.email=kern@localhost"],
    );
    await git(...identity, "commit", "--quiet", "-m", message, "--", path);
  } catch (error) {
    logger.warn({ file: path, error: describeError(error) }, "could not commit a file kern wrote");
  }
}
