// The kern executable: run the CLI and exit with its code (SG-22). Nothing else runs here.
import { main } from "./cli/cli-main.js";

await main(process.argv);
