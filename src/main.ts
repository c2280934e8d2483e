// The kern executable: run the CLI and exit with its code (SG-22). Nothing else runs here.
import { runCli } from "./cli/program.js";

process.exitCode = await runCli(process.argv);
