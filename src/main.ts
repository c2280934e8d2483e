// The kern executable: run the CLI and exit with its code (SG-22). Nothing else runs here.
// `kern --version` answers before the program and its commands load (issue 17: < 150 ms).
import { readVersion } from "./cli/version.js";

// A reader that stopped early (`kern status | head -1`) is not an error: end quietly, no stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
const [flag, ...rest] = process.argv.slice(2);
if ((flag === "-v" || flag === "--version") && rest.length === 0) {
  process.stdout.write(`${readVersion()}\n`);
} else {
  const { runCli } = await import("./cli/program.js");
  process.exitCode = await runCli(process.argv);
}
