// The memory log's line format (SPEC §3): every segment boundary, summary, rollup, working-memory
// and notes-summary update ever made, with the method that made it. Replayed by reindex. Pure.
import { z } from "zod";

const base = { v: z.number().int().optional(), ts: z.string() };

const segmentCloseEntrySchema = z.object({
  ...base,
  type: z.literal("segment-close"),
  id: z.string(),
  session: z.string(),
  level: z.number().int().min(0),
  seqStart: z.number().int().min(0),
  seqEnd: z.number().int().min(0),
  tokenCount: z.number().int().min(0),
  firstTs: z.string(),
  lastTs: z.string(),
  /** Rollups only: the children, in order. */
  childIds: z.array(z.string()).optional(),
});

export const summaryWriteEntrySchema = z.object({
  ...base,
  type: z.literal("summary-write"),
  segmentId: z.string(),
  summary: z.string(),
  summaryTokens: z.number().int().min(0),
  method: z.string(),
  /** A stand-in (extractive while a model is configured) that the model should redo. */
  stale: z.boolean().default(false),
});

const workingMemoryWriteEntrySchema = z.object({
  ...base,
  type: z.literal("working-memory-write"),
  session: z.string(),
  content: z.string(),
  method: z.string(),
  /** The session seq the update has seen up to (exclusive). */
  seqEnd: z.number().int().min(0),
});

const notesSummaryWriteEntrySchema = z.object({
  ...base,
  type: z.literal("notes-summary-write"),
  paths: z.array(z.string()),
  summary: z.string(),
  method: z.string(),
});

export const memoryEntrySchema = z.discriminatedUnion("type", [
  segmentCloseEntrySchema,
  summaryWriteEntrySchema,
  workingMemoryWriteEntrySchema,
  notesSummaryWriteEntrySchema,
]);

export type MemoryEntry = z.infer<typeof memoryEntrySchema>;
export type SummaryWriteEntry = z.infer<typeof summaryWriteEntrySchema>;
