// The shape of bench/results/*.json: what each run writes and the report merges. zod schemas are
// the single definition; the TypeScript types are inferred from them.
import { z } from "zod";

const latencySchema = z.object({
  n: z.number(),
  p50: z.number(),
  p95: z.number(),
  max: z.number(),
  mean: z.number(),
});

const machineSchema = z.object({
  cpu: z.string(),
  cores: z.number(),
  ramGb: z.number(),
  os: z.string(),
  node: z.string(),
  packages: z.record(z.string(), z.string()),
  loadAverage: z.array(z.number()),
  commit: z.string(),
});

const qualitySchema = z.object({
  queries: z.number(),
  recallAt1: z.number(),
  recallAt5: z.number(),
  recallAt10: z.number(),
  mrr: z.number(),
});

const modeQualitySchema = z.object({
  keyword: qualitySchema,
  reworded: qualitySchema,
  /** Median top-1 score of the positive keyword queries (BM25, cosine similarity or RRF). */
  positiveTopScore: z.number(),
  negativeTopScore: z.number(),
  /** Share of negative questions whose top score is below `positiveTopScore`. */
  negativesBelowTypical: z.number(),
  /** Share of negative questions that return no result at all. */
  negativesEmpty: z.number(),
  /** Updated facts whose latest value's message ranks above every stale value's message. */
  updatedLatestFirst: z.object({ facts: z.number(), keyword: z.number(), reworded: z.number() }),
});

export const recallQualitySchema = z.object({
  k: z.number(),
  facts: z.number(),
  negatives: z.number(),
  modes: z.object({
    fts: modeQualitySchema,
    vector: modeQualitySchema,
    hybrid: modeQualitySchema,
    /** Plain BM25 over single messages, same questions, same run (up to 30k messages). */
    bm25: modeQualitySchema.optional(),
  }),
  /** Queries on which the bench's replica of recall.ts returned exactly memory.recall's ranges. */
  /** Older runs compared a replica of the hybrid ranking with memory.recall; no longer measured. */
  replicaAgreement: z.object({ agree: z.number(), total: z.number() }).optional(),
});

const bucketSchema = z.object({ facts: z.number(), reachable: z.number() });

export const reachabilitySchema = z.object({
  budget: z.number(),
  summaryTokens: z.number(),
  /** Summaries in <conversation_summary> per level (L0 first). */
  piecesByLevel: z.array(z.number()).optional(),
  windowMessages: z.number(),
  /** Tokens of the whole composed prompt (system, summary, window); absent in older results. */
  promptTokens: z.number().optional(),
  overall: bucketSchema,
  /** Ten buckets of 10% of the history each, newest first. */
  buckets: z.array(bucketSchema),
});

const compressionSchema = z.object({
  levels: z.array(
    z.object({
      level: z.number(),
      segments: z.number(),
      tokensIn: z.number(),
      tokensOut: z.number(),
      ratio: z.number(),
    }),
  ),
  budgets: z.array(
    z.object({
      budget: z.number(),
      trimmedMessages: z.number(),
      trimmedTokens: z.number(),
      summaryTokens: z.number(),
      ratio: z.number(),
    }),
  ),
});

const segmentationSchema = z.object({
  tolerance: z.number(),
  k: z.number(),
  pk: z.number(),
  windowDiff: z.number(),
  precision: z.number(),
  recall: z.number(),
  f1: z.number(),
  /** Best precision possible with this many boundaries (reference count / hypothesis count). */
  precisionCeiling: z.number(),
  hypothesisBoundaries: z.number(),
  referenceBoundaries: z.number(),
});

const rebuildSchema = z.object({
  /** Wall time of `tsx src/main.ts reindex DIR --json`, process start included. */
  cliMs: z.number(),
  /** The reindex report's own `ms` (work inside the process). */
  reindexMs: z.number(),
  tables: z.record(z.string(), z.boolean()),
  promptIdentical: z.boolean(),
  identical: z.boolean(),
});

export const sizeResultSchema = z.object({
  kind: z.literal("size"),
  size: z.number(),
  /** `--as`: another shape of this size, kept beside the main result (absent: the main one). */
  variant: z.string().optional(),
  seed: z.number(),
  toolOutputChars: z.tuple([z.number(), z.number()]),
  ranAt: z.string(),
  command: z.string(),
  machine: machineSchema,
  history: z.object({
    messages: z.number(),
    tokens: z.number(),
    bytes: z.number(),
    facts: z.number(),
    topicBoundaries: z.number(),
  }),
  import: z.object({ ms: z.number(), messagesPerSecond: z.number(), tokensPerSecond: z.number() }),
  pipeline: z.object({ ms: z.number(), phases: z.record(z.string(), z.number()) }),
  perTurn: z.object({ latency: latencySchema, segmentsClosed: z.number() }),
  compose: z.object({ unchanged: latencySchema, newMessage: latencySchema }),
  recallLatency: latencySchema,
  /** recall's two stages timed apart: the FTS query, and embedding the query plus vector KNN. */
  recallStages: z.object({ fts: latencySchema, vector: latencySchema }),
  rss: z.object({ afterImportMb: z.number(), afterPipelineMb: z.number(), peakMb: z.number() }),
  /** `kern import` run as its own process (absent in results older than the measure). */
  cliImport: z
    .object({
      peakRssMb: z.number().nullable(),
      wallMs: z.number(),
      imported: z.number(),
      /** The import report's append and memory-build times (absent before round 13). */
      appendMs: z.number().optional(),
      memoryMs: z.number().optional(),
      error: z.string().optional(),
    })
    .optional(),
  /** The reading commands as whole processes without a daemon (issue 32; absent before it). */
  readingCommands: z.lazy(() => z.array(commandTimingSchema)).optional(),
  /** `kern start` until the daemon answers, against this agent (absent before issue 32). */
  daemonStart: z.lazy(() => commandTimingSchema).optional(),
  /** The started daemon's resident set once settled, and its peak since start (issue 50). */
  daemonRss: z
    .object({
      steadyMb: z.number(),
      peakMb: z.number(),
      settleMs: z.number(),
      /** From the start until the word index was ready (absent: measured before it was awaited). */
      wordIndexReadyMs: z.number().nullable().optional(),
    })
    .nullable()
    .optional(),
  /** Bytes on disk after the memory build (absent before issue 32). */
  disk: z
    .object({
      logBytes: z.number(),
      dbBytes: z.number(),
      kernDirBytes: z.number(),
      tables: z.record(z.string(), z.number()),
    })
    .optional(),
  compression: compressionSchema,
  recallQuality: recallQualitySchema,
  reachability: z.array(reachabilitySchema),
  /** Planted facts whose answer is in the summary covering them, per level (L0 first). */
  decisions: z.lazy(() => decisionsSchema).optional(),
  factSurvival: z.object({ facts: z.number(), byLevel: z.array(z.number()) }),
  segmentation: segmentationSchema,
  /** Absent when the run skipped it (`--no-rebuild`, for the largest sizes). */
  rebuild: rebuildSchema.optional(),
});

const turnVariantSchema = z.object({
  name: z.string(),
  summaryDelayMs: z.number(),
  latency: latencySchema,
  segmentsClosed: z.number(),
  summaryCalls: z.number(),
  /** At the end of the run: messages not embedded yet, and not in an L0 segment yet. */
  backlog: z.object({ unembedded: z.number(), unsegmented: z.number() }),
});

export const turnLatencyResultSchema = z.object({
  kind: z.literal("turn-latency"),
  ranAt: z.string(),
  command: z.string(),
  machine: machineSchema,
  historyMessages: z.number(),
  turns: z.number(),
  thinkMs: z.number(),
  variants: z.array(turnVariantSchema),
});

/** Reachability kept under a tag (e.g. before a summarizer change) for comparison. */
export const taggedReachabilitySchema = z.object({
  kind: z.literal("reachability"),
  tag: z.string(),
  description: z.string(),
  size: z.number(),
  ranAt: z.string(),
  reachability: z.array(reachabilitySchema),
  factSurvival: z.object({ facts: z.number(), byLevel: z.array(z.number()) }),
});

/** Issue 15: the working memory's Decisions against the planted decisions (absent in older runs). */
const decisionsSchema = z.object({
  listed: z.number(),
  planted: z.number(),
  correct: z.number(),
  found: z.number(),
  olderHalf: z.object({ planted: z.number(), found: z.number() }),
  keepGoing: z.number(),
});

const buildFiguresSchema = z.object({
  ms: z.number(),
  segments: z.record(z.string(), z.number()),
});

/** Issue 17: one history built offline and with a fake model of fixed latency. */
export const modelBuildResultSchema = z.object({
  kind: z.literal("model-build"),
  ranAt: z.string(),
  command: z.string(),
  machine: machineSchema,
  messages: z.number(),
  toolOutputChars: z.tuple([z.number(), z.number()]),
  latencyMs: z.number(),
  tokens: z.number(),
  offline: buildFiguresSchema,
  model: buildFiguresSchema.extend({
    summaryCalls: z.number(),
    embeddingCalls: z.number(),
    summaryConcurrency: z.number(),
  }),
});

const commandTimingSchema = z.object({
  command: z.string(),
  daemon: z.boolean(),
  medianMs: z.number(),
  peakRssMb: z.number().nullable(),
  note: z.string().optional(),
});

/** Issue 17: every CLI command's whole-process start, without and with the daemon. */
export const cliStartResultSchema = z.object({
  kind: z.literal("cli-start"),
  ranAt: z.string(),
  command: z.string(),
  machine: machineSchema,
  runs: z.number(),
  historyMessages: z.number(),
  commands: z.array(commandTimingSchema),
  /** The reading commands again against a larger agent (issue 32: 20k messages). */
  readingAtSize: z
    .object({ historyMessages: z.number(), commands: z.array(commandTimingSchema) })
    .optional(),
});

export const benchResultSchema = z.discriminatedUnion("kind", [
  sizeResultSchema,
  turnLatencyResultSchema,
  taggedReachabilitySchema,
  modelBuildResultSchema,
  cliStartResultSchema,
]);

export type Latency = z.infer<typeof latencySchema>;
export type QualityMetrics = z.infer<typeof qualitySchema>;
export type ModeQuality = z.infer<typeof modeQualitySchema>;
export type RecallQuality = z.infer<typeof recallQualitySchema>;
export type Reachability = z.infer<typeof reachabilitySchema>;
export type Compression = z.infer<typeof compressionSchema>;
export type SegmentationQuality = z.infer<typeof segmentationSchema>;
export type RebuildCheck = z.infer<typeof rebuildSchema>;
export type SizeResult = z.infer<typeof sizeResultSchema>;
export type TurnVariant = z.infer<typeof turnVariantSchema>;
export type TurnLatencyResult = z.infer<typeof turnLatencyResultSchema>;
export type TaggedReachability = z.infer<typeof taggedReachabilitySchema>;
export type ModelBuildResult = z.infer<typeof modelBuildResultSchema>;
export type CliStartResult = z.infer<typeof cliStartResultSchema>;
export type BenchResult = z.infer<typeof benchResultSchema>;
