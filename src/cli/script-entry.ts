// The entry of the CLI bundled as one script (dist/bundle/script/cli.cjs, scripts/bundle-cli.ts),
// which bin/kern runs for the commands that only read an agent, with the V8 code cache the build
// made for it (bin/cached-script.mjs): compiling kern's code and zod was ~20% of each of those
// commands (issue 32). `runCli` is here for the build's warm-up run (scripts/warm-cli-cache.mjs).
export { main } from "./cli-main.js";
export { runCli } from "./program.js";
