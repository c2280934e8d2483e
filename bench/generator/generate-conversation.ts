// Generates a long, deterministic, multi-topic agent conversation in the import format of
// SPEC §3, with the ground truth (topic blocks, planted facts) the benchmarks score against.
// Pure: no I/O, no clock, no Math.random; linear in the number of messages.
import { FactPlanter } from "./fact-planter.js";
import { createRandom, type Random } from "./random.js";
import { Timeline } from "./timeline.js";
import type { Topic } from "./topic.js";
import { TOPIC_CATALOG } from "./topic-catalog.js";
import { TopicScheduler } from "./topic-scheduler.js";
import { exactShape, MAX_TURN_SIZE, randomShape, turnSize } from "./turn-shape.js";
import { TurnWriter } from "./turn-writer.js";
import type {
  GenerateConversationOptions,
  GeneratedConversation,
  ImportMessage,
  TopicBlock,
} from "./types.js";

export const DEFAULT_TOOL_OUTPUT_CHARS: readonly [number, number] = [2000, 20000];
export const DEFAULT_START_TS = "2026-03-02T07:30:00.000Z";

/** Blocks are 20–200 messages; a shorter tail than this joins the block before it. */
const MIN_BLOCK = 20;
const MAX_BLOCK = 200;

interface ResolvedOptions {
  seed: number;
  total: number;
  toolOutputChars: readonly [number, number];
  startMs: number;
  topicCount: number;
  onProgress?: (done: number, total: number) => void;
}

function resolveOptions(options: GenerateConversationOptions): ResolvedOptions {
  const { seed, messages } = options;
  if (!Number.isInteger(seed)) throw new RangeError(`seed must be an integer, got ${seed}`);
  if (!Number.isInteger(messages) || messages < 1) {
    throw new RangeError(`messages must be a positive integer, got ${messages}`);
  }
  const [min, max] = options.toolOutputChars ?? DEFAULT_TOOL_OUTPUT_CHARS;
  if (!Number.isInteger(min) || !Number.isInteger(max) || min < 1 || max < min) {
    throw new RangeError(
      `toolOutputChars must be [min, max] with 1 <= min <= max, got [${min}, ${max}]`,
    );
  }
  const startTs = options.startTs ?? DEFAULT_START_TS;
  const startMs = Date.parse(startTs);
  if (Number.isNaN(startMs))
    throw new RangeError(`startTs must be an ISO timestamp, got ${startTs}`);
  const topicCount = options.topicCount ?? TOPIC_CATALOG.length;
  if (!Number.isInteger(topicCount) || topicCount < 2 || topicCount > TOPIC_CATALOG.length) {
    throw new RangeError(
      `topicCount must be between 2 and ${TOPIC_CATALOG.length}, got ${topicCount}`,
    );
  }
  return {
    seed,
    total: messages,
    toolOutputChars: [min, max],
    startMs,
    topicCount,
    onProgress: options.onProgress,
  };
}

/** Target length of a block: skewed towards short blocks, mean about 85 messages. */
function blockTarget(random: Random): number {
  return Math.round(MIN_BLOCK + (MAX_BLOCK - MIN_BLOCK) * random.next() ** 1.8);
}

export function generateConversation(options: GenerateConversationOptions): GeneratedConversation {
  const resolved = resolveOptions(options);
  const { seed, total, startMs } = resolved;
  const random = createRandom(seed);
  const topics = random.sample(TOPIC_CATALOG, resolved.topicCount);
  const messages: ImportMessage[] = [];
  const timeline = new Timeline(startMs, random);
  const planter = new FactPlanter({ random, messageCount: total, startMs });
  const writer = new TurnWriter({
    seed,
    random,
    timeline,
    planter,
    toolOutputChars: resolved.toolOutputChars,
    messages,
  });
  const scheduler = new TopicScheduler(topics, random);
  const blocks: TopicBlock[] = [];
  let reported = 0;
  while (messages.length < total) {
    const { topic, revisit } = scheduler.next();
    const seqStart = messages.length;
    if (seqStart > 0) timeline.nextBlock();
    writeBlock({ writer, random, topic, revisit, messages, total, target: blockTarget(random) });
    blocks.push({ topicId: topic.id, seqStart, seqEnd: messages.length });
    if (resolved.onProgress !== undefined && messages.length - reported >= 1000) {
      reported = messages.length;
      resolved.onProgress(reported, total);
    }
  }
  resolved.onProgress?.(messages.length, total);
  const truth = {
    seed,
    messageCount: total,
    topics: topics.map((topic: Topic) => ({
      id: topic.id,
      name: topic.name,
      keywords: topic.keywords,
    })),
    topicBoundaries: blocks.map((block) => block.seqStart),
    blocks,
    facts: planter.finish(topics),
  };
  return { messages, truth };
}

interface WriteBlockOptions {
  writer: TurnWriter;
  random: Random;
  topic: Topic;
  revisit: boolean;
  messages: ImportMessage[];
  total: number;
  target: number;
}

/** Writes turns until the block reaches its target; a tail too short for a block is absorbed. */
function writeBlock(options: WriteBlockOptions): void {
  const { writer, random, topic, messages, total } = options;
  const seqStart = messages.length;
  let first = true;
  for (;;) {
    const remaining = total - messages.length;
    const shape = remaining <= MAX_TURN_SIZE ? exactShape(remaining) : randomShape(random);
    const opening = first ? (options.revisit ? "open-again" : "open-new") : "request";
    writer.write({ topic, shape, opening });
    first = false;
    if (turnSize(shape) === 0 || messages.length >= total) return;
    const done = messages.length - seqStart >= options.target;
    if (done && total - messages.length >= MIN_BLOCK) return;
  }
}
