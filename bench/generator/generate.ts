// CLI: writes a generated conversation and its ground truth to disk.
//   tsx bench/generator/generate.ts --messages 20000 --seed 7 --out /tmp/conv.jsonl \
//     [--truth /tmp/truth.json] [--tool-chars 2000,20000] [--start-ts ISO] [--topics N]
// Progress goes to stderr; exit 2 on bad arguments.
import { parseArgs } from "node:util";
import { generateConversation } from "./generate-conversation.js";
import type { GenerateConversationOptions } from "./types.js";
import { writeConversation } from "./write-conversation.js";

const USAGE =
  "usage: tsx bench/generator/generate.ts --messages N --seed N --out FILE.jsonl " +
  "[--truth FILE.json] [--tool-chars MIN,MAX] [--start-ts ISO] [--topics N]";

function fail(message: string): never {
  process.stderr.write(`${message}\n${USAGE}\n`);
  process.exit(2);
}

function integer(
  name: string,
  { text, fallback }: { text: string | undefined; fallback?: number },
): number {
  if (text === undefined) {
    if (fallback === undefined) fail(`--${name} is required`);
    return fallback;
  }
  const value = Number(text);
  if (!Number.isInteger(value)) fail(`--${name} must be an integer, got "${text}"`);
  return value;
}

function toolChars(text: string | undefined): [number, number] | undefined {
  if (text === undefined) return undefined;
  const match = /^(\d+),(\d+)$/.exec(text);
  if (match === null) fail(`--tool-chars must look like 2000,20000, got "${text}"`);
  return [Number(match[1]), Number(match[2])];
}

/** The truth file sits next to the messages unless --truth says otherwise. */
function defaultTruthPath(out: string): string {
  return out.endsWith(".jsonl")
    ? `${out.slice(0, -".jsonl".length)}.truth.json`
    : `${out}.truth.json`;
}

const OPTIONS = {
  messages: { type: "string" },
  seed: { type: "string" },
  out: { type: "string" },
  truth: { type: "string" },
  "tool-chars": { type: "string" },
  "start-ts": { type: "string" },
  topics: { type: "string" },
} as const;

function parseArguments(): ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>["values"] {
  try {
    return parseArgs({ options: OPTIONS }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

async function main(): Promise<void> {
  const values = parseArguments();
  const out = values.out ?? fail("--out is required");
  const options: GenerateConversationOptions = {
    messages: integer("messages", { text: values.messages }),
    seed: integer("seed", { text: values.seed, fallback: 1 }),
    toolOutputChars: toolChars(values["tool-chars"]),
    startTs: values["start-ts"],
    topicCount:
      values.topics === undefined ? undefined : integer("topics", { text: values.topics }),
    onProgress: (done, total) => process.stderr.write(`\rgenerated ${done}/${total} messages`),
  };
  const started = performance.now();
  let conversation: ReturnType<typeof generateConversation>;
  try {
    conversation = generateConversation(options);
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
  const truthPath = values.truth ?? defaultTruthPath(out);
  process.stderr.write(`\nwriting ${out} and ${truthPath}\n`);
  await writeConversation({ conversation, messagesPath: out, truthPath });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  const facts = conversation.truth.facts.length;
  process.stderr.write(
    `done: ${conversation.messages.length} messages, ${facts} facts, ${seconds} s\n`,
  );
}

await main();
