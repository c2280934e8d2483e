// Runs the kern CLI in-process (runCli) and captures its output and exit code.
import { runCli } from "../../src/cli/program.js";

export interface KernRun {
  code: number;
  stdout: string;
  stderr: string;
}

export async function runKern(
  args: string[],
  env: Record<string, string | undefined> = {},
): Promise<KernRun> {
  let stdout = "";
  let stderr = "";
  const code = await runCli(["node", "kern", ...args], {
    stdout: { write: (text: string) => (stdout += text) },
    stderr: { write: (text: string) => (stderr += text) },
    env,
    stdinIsTTY: false,
  });
  return { code, stdout, stderr };
}
