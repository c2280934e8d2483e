// Runs a TypeScript entry point in a child Node process (tsx loader), so each measured size has
// its own heap and its own peak RSS. stdout and stderr pass through; rejects on a non-zero exit.
import { spawn } from "node:child_process";

export function runTsx(script: string, args: readonly string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], {
      cwd,
      stdio: ["ignore", "inherit", "inherit"],
    });
    child.on("error", reject);
    child.on("exit", (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`${script} ${args.join(" ")} ended with ${signal ?? `exit ${code}`}`));
    });
  });
}
