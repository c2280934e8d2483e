// Runs the kern CLI as a real child process, for e2e tests: the build in dist/, which the suite's
// global setup (global-setup.ts) keeps fresh, through bin/kern as users run it (the bundled CLI of
// dist/bundle/ when it is fresh, scripts/bundle-cli.ts).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
/** The program that runs kern (node), and the script it runs: `[KERN_NODE, KERN_MAIN, ...args]`. */
export const KERN_NODE = process.execPath;
export const KERN_MAIN = `${ROOT}bin/kern`;

export function kernProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      KERN_NODE,
      [KERN_MAIN, ...args],
      { env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
