// CLI: a long history as issue 32 builds it — 100k-message histories one after another (seeds
// seed, seed+1, …; each starts a minute after the last message of the one before), with their
// ground truths merged (seqs shifted; a fact key stated again later keeps only its latest chunk).
//   tsx bench/generator/generate-long.ts --messages 1000000 --seed 42 --out /tmp/conv.jsonl \
//     --truth /tmp/truth.json [--tool-chars 2000,20000]
// Streams chunk by chunk, so a million messages never sit in memory at once. Exit 2 on bad input.
import { appendFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { generateConversation } from "./generate-conversation.js";
import type { GroundTruth, GroundTruthFact } from "./types.js";

const CHUNK_MESSAGES = 100_000;

function fail(message: string): never {
  process.stderr.write(
    `${message}\nusage: tsx bench/generator/generate-long.ts --messages N --seed N --out FILE --truth FILE [--tool-chars MIN,MAX]\n`,
  );
  process.exit(2);
}

function shiftFact(fact: GroundTruthFact, offset: number): GroundTruthFact {
  return {
    ...fact,
    id: `${offset}-${fact.id}`,
    seq: fact.seq < 0 ? fact.seq : fact.seq + offset,
    seqs: fact.seqs.map((seq) => seq + offset),
  };
}

/** The merged truth: facts whose key a later chunk states again are dropped (it answers now). */
function mergeTruths(truths: GroundTruth[]): GroundTruth {
  const first = truths[0] ?? fail("no chunk generated");
  const facts = new Map<string, GroundTruthFact>();
  const topicBoundaries: number[] = [];
  const blocks: GroundTruth["blocks"] = [];
  let offset = 0;
  for (const truth of truths) {
    for (const fact of truth.facts) {
      facts.delete(fact.key);
      facts.set(fact.key, shiftFact(fact, offset));
    }
    topicBoundaries.push(...truth.topicBoundaries.map((seq) => seq + offset));
    blocks.push(
      ...truth.blocks.map((b) => ({
        ...b,
        seqStart: b.seqStart + offset,
        seqEnd: b.seqEnd + offset,
      })),
    );
    offset += truth.messageCount;
  }
  return { ...first, messageCount: offset, topicBoundaries, blocks, facts: [...facts.values()] };
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      messages: { type: "string" },
      seed: { type: "string" },
      out: { type: "string" },
      truth: { type: "string" },
      "tool-chars": { type: "string" },
    },
  });
  const total = Number(values.messages);
  const seed = Number(values.seed ?? "42");
  if (!Number.isInteger(total) || total < CHUNK_MESSAGES || total % CHUNK_MESSAGES !== 0)
    fail(`--messages must be a multiple of ${CHUNK_MESSAGES}, got "${values.messages}"`);
  const out = values.out ?? fail("--out is required");
  const truthPath = values.truth ?? fail("--truth is required");
  const chars = /^(\d+),(\d+)$/.exec(values["tool-chars"] ?? "");
  const toolOutputChars = chars
    ? ([Number(chars[1]), Number(chars[2])] as [number, number])
    : undefined;
  await writeFile(out, "");
  const truths: GroundTruth[] = [];
  let startTs: string | undefined;
  for (let chunk = 0; chunk < total / CHUNK_MESSAGES; chunk += 1) {
    const conversation = generateConversation({
      seed: seed + chunk,
      messages: CHUNK_MESSAGES,
      toolOutputChars,
      startTs,
    });
    for (let from = 0; from < conversation.messages.length; from += 10_000) {
      const lines = conversation.messages.slice(from, from + 10_000).map((m) => JSON.stringify(m));
      await appendFile(out, `${lines.join("\n")}\n`);
    }
    const last = conversation.messages.at(-1)?.ts ?? new Date().toISOString();
    startTs = new Date(Date.parse(last) + 60_000).toISOString();
    truths.push(conversation.truth);
    process.stderr.write(`generated ${(chunk + 1) * CHUNK_MESSAGES}/${total} messages\n`);
  }
  await writeFile(truthPath, `${JSON.stringify(mergeTruths(truths), null, 2)}\n`);
}

await main();
