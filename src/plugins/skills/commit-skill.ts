// Commits a skill `kern skills add` copied into the agent's `skills/NAME/`, so the agent's
// repository stays clean (issue 48 item 10). Only into the agent's own repository (its `.git`,
// as `kern init` makes it; never an outer one it sits in), and only the skill's files (never what else the operator staged). git failing (not installed, a
// broken repository) leaves the folder untracked for the operator to commit: never a failed add.
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** True when the skill was committed; false when there is no repository or git failed. */
export async function commitSkill(agentDir: string, folder: string, name: string) {
  // folder: relative to agentDir (`skills/NAME`)
  if (!existsSync(join(agentDir, ".git"))) return false;
  const git = (...args: string[]) => run("git", args, { cwd: agentDir, timeout: 10_000 });
  try {
    await git("add", "--", folder);
    const staged = await git("diff", "--cached", "--name-only", "--", folder);
    if (staged.stdout.trim() === "") return false;
    // The operator's own git identity when one is set; kern's otherwise (as `kern init` does).
    const identity = await git("config", "user.email").then(
      () => [],
      () => ["-c", "user.name=kern", "-c", "user.email=kern@localhost"],
    );
    await git(...identity, "commit", "--quiet", "-m", `skills: add ${name}`, "--", folder);
    return true;
  } catch {
    return false; // see the header: the copy stands, the operator commits it
  }
}
