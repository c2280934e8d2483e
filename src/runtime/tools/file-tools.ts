// read, write, edit: files inside the agent folder.
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { resolveAgentPath } from "./agent-path.js";
import { updateConfined, withConfinedReader, writeConfined } from "./confined-file.js";
import { readByteRange, readLineRange } from "./read-file-range.js";
import { defineTool } from "./tool.js";

export const readTool = defineTool({
  name: "read",
  description:
    "Read a text file in the agent folder: a 1-based line range, or a byte offset and limit. One call returns a bounded part and says how to read on.",
  scope: "read",
  parameters: z.object({
    path: z.string().describe("path relative to the agent folder"),
    startLine: z.number().int().min(1).optional(),
    endLine: z.number().int().min(1).optional(),
    offset: z.number().int().min(0).optional().describe("byte offset to start at (default 0)"),
    limit: z.number().int().min(1).optional().describe("most bytes to return"),
  }),
  async run(args, context) {
    const max = context.readMaxBytes;
    const limit = Math.min(args.limit ?? max, max);
    return withConfinedReader(context.agentDir, args.path, (handle, stats) => {
      if (args.startLine === undefined && args.endLine === undefined)
        return readByteRange(handle, stats.size, { offset: args.offset ?? 0, limit });
      return readLineRange(handle, stats.size, {
        startLine: args.startLine ?? 1,
        endLine: args.endLine ?? Number.POSITIVE_INFINITY,
        limit,
      });
    });
  },
});

export const writeTool = defineTool({
  name: "write",
  description: "Create or overwrite a text file in the agent folder (parent folders are created).",
  scope: "write",
  parameters: z.object({ path: z.string(), content: z.string() }),
  async run(args, context) {
    const target = await resolveAgentPath(context.agentDir, args.path);
    await mkdir(dirname(target), { recursive: true });
    await writeConfined(context.agentDir, args.path, args.content);
    return `wrote ${args.content.length} characters to ${args.path}`;
  },
});

export const editTool = defineTool({
  name: "edit",
  description:
    "Replace an exact, unique piece of text in a file (oldText must occur exactly once).",
  scope: "write",
  parameters: z.object({ path: z.string(), oldText: z.string().min(1), newText: z.string() }),
  async run(args, context) {
    await updateConfined(context.agentDir, args.path, (text) => {
      const count = text.split(args.oldText).length - 1;
      if (count !== 1) {
        throw new KernError(
          "KERN_TOOL_FAILED",
          `oldText occurs ${count} times in ${args.path}; give a longer, unique piece`,
        );
      }
      return text.replace(args.oldText, () => args.newText);
    });
    return `edited ${args.path}`;
  },
});
