// The kern executable: run the CLI and exit with its code (SG-22). Nothing else runs here.
import { runCli } from "./cli/program.js";

// A reader that stopped early (`kern status | head -1`) is not an error: end quietly, no stack.
for (const stream of [process.stdout, process.stderr]) {
  stream.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code !== "EPIPE") throw error;
    process.exit(process.exitCode ?? 0);
  });
}
process.exitCode = await runCli(process.argv);
