// What the kern executable does (SG-22): run the CLI and set the exit code. `src/main.ts` (the
// ES-module bundle) and `script-entry.ts` (the script bundle with V8's code cache) both call it.
// `kern --version` answers before the program and its commands load (issue 17: < 150 ms).
import { readVersion } from "./version.js";

/** Runs kern with `argv` (process.argv shape) and sets `process.exitCode`. */
export async function main(argv: readonly string[]): Promise<void> {
  // A reader that stopped early (`kern status | head -1`) is not an error: end quietly, no stack.
  for (const stream of [process.stdout, process.stderr]) {
    stream.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code !== "EPIPE") throw error;
      process.exit(process.exitCode ?? 0);
    });
  }
  const [flag, ...rest] = argv.slice(2);
  if ((flag === "-v" || flag === "--version") && rest.length === 0) {
    process.stdout.write(`${readVersion()}\n`);
    return;
  }
  const { runCli } = await import("./program.js");
  process.exitCode = await runCli(argv);
}
