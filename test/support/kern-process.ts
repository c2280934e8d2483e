// Runs the kern CLI as a real child process (from source through tsx), for e2e tests.
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
export const TSX = `${ROOT}node_modules/.bin/tsx`;
export const MAIN = `${ROOT}src/main.ts`;

export function kernProcess(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      TSX,
      [MAIN, ...args],
      { env: { ...process.env, NO_COLOR: "1", ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === "number" ? error.code : 1) : 0;
        resolve({ code, stdout, stderr });
      },
    );
  });
}
