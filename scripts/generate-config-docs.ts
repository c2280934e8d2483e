// Writes docs/config.md from the config schema (`npm run docs:config`).
import { writeFileSync } from "node:fs";
import { renderConfigDocs } from "../src/config/index.js";

writeFileSync("docs/config.md", renderConfigDocs());
process.stdout.write("wrote docs/config.md\n");
