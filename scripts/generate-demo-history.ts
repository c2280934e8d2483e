// Regenerates the demo agent's shipped history: agents/demo/history.jsonl (6,000 messages in the
// import format of SPEC §3) and agents/demo/history.truth.json (topic blocks, planted facts).
// Deterministic: running it again rewrites byte-identical files. Usage: tsx scripts/generate-demo-history.ts
import { execFileSync } from "node:child_process";
import { stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { generateConversation, writeConversation } from "../bench/generator/index.js";

/** Fixed so the shipped files never change unless the generator does. */
const DEMO_SEED = 2026;
const DEMO_MESSAGES = 6000;
/** Smaller tool outputs than the benchmarks' default keep the shipped file well under 10 MB. */
const DEMO_TOOL_OUTPUT_CHARS: [number, number] = [300, 3000];
const DEMO_START_TS = "2026-03-02T07:30:00.000Z";

const repositoryRoot = fileURLToPath(new URL("../", import.meta.url));
const demoDirectory = fileURLToPath(new URL("../agents/demo/", import.meta.url));
const messagesPath = `${demoDirectory}history.jsonl`;
const truthPath = `${demoDirectory}history.truth.json`;

const conversation = generateConversation({
  seed: DEMO_SEED,
  messages: DEMO_MESSAGES,
  toolOutputChars: DEMO_TOOL_OUTPUT_CHARS,
  startTs: DEMO_START_TS,
});
await writeConversation({ conversation, messagesPath, truthPath });
// The truth file is checked by Biome with the rest of the repository: format it the same way
// (the pinned Biome version keeps the output identical run to run). The JSONL is not checked.
const biome = createRequire(import.meta.url).resolve("@biomejs/biome/bin/biome");
execFileSync(process.execPath, [biome, "format", "--write", truthPath], {
  cwd: repositoryRoot,
  stdio: "ignore",
});

const { messages, truth } = conversation;
const megabytes = ((await stat(messagesPath)).size / 1_000_000).toFixed(1);
process.stderr.write(
  `wrote ${messagesPath} (${messages.length} messages, ${megabytes} MB, ` +
    `${messages[0]?.ts} to ${messages.at(-1)?.ts})\n` +
    `wrote ${truthPath} (${truth.blocks.length} topic blocks, ${truth.facts.length} facts)\n`,
);
