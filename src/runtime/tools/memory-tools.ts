// recall, expand, describe: lossless drill-down into the whole history (SPEC §6).
import { z } from "zod";
import { usagePurpose } from "../turn-request.js";
import { defineTool } from "./tool.js";

export const recallTool = defineTool({
  name: "recall",
  description:
    "Search the whole conversation history (all sessions) by keywords and meaning. Returns message ranges with snippets; use expand to read them.",
  scope: "read",
  parameters: z.object({
    query: z.string().min(1),
    k: z.number().int().min(1).max(50).optional(),
    after: z.string().optional().describe("ISO date: only messages at or after"),
    before: z.string().optional().describe("ISO date: only messages before"),
    role: z.enum(["user", "assistant", "tool"]).optional(),
    session: z.string().optional(),
  }),
  async run(args, context) {
    const { query, k, ...filters } = args;
    // The model's help with the search is billed to the turn, as its own steps are.
    const assist = { purpose: usagePurpose(context.turn.kind) };
    const report = await context.memory.recall({ query, k: k ?? 8, filters, assist });
    if (report.results.length === 0)
      return `no close matches for "${query}" (no message shares its words or meaning)`;
    return report.results
      .map(
        (hit) =>
          `- session ${hit.session} messages ${hit.seqStart}-${hit.seqEnd - 1} (${hit.ts}, score ${hit.score.toFixed(3)}): ${hit.snippet}`,
      )
      .join("\n");
  },
});

export const expandTool = defineTool({
  name: "expand",
  description:
    "Load the full raw messages of a range (session, seqStart, seqEnd exclusive) or of a segment id (its messages or child summaries).",
  scope: "read",
  parameters: z.object({
    session: z.string().optional(),
    seqStart: z.number().int().min(0).optional(),
    seqEnd: z.number().int().min(0).optional(),
    segmentId: z.string().optional(),
    maxTokens: z.number().int().min(100).max(50_000).optional(),
  }),
  run: (args, context) => context.memory.expand(args),
});

export const describeTool = defineTool({
  name: "describe",
  description:
    "Describe the memory: segments per level, coverage, last runs, what is in context now.",
  scope: "read",
  parameters: z.object({}),
  run: (_args, context) => context.memory.describe(),
});
