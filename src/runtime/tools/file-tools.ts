// read, write, edit: files inside the agent folder.
import { mkdir } from "node:fs/promises";
import { dirname } from "node:path";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { resolveAgentPath } from "./agent-path.js";
import { readConfined, updateConfined, writeConfined } from "./confined-file.js";
import { defineTool } from "./tool.js";

export const readTool = defineTool({
  name: "read",
  description: "Read a text file in the agent folder. Optional 1-based line range.",
  scope: "read",
  parameters: z.object({
    path: z.string().describe("path relative to the agent folder"),
    startLine: z.number().int().min(1).optional(),
    endLine: z.number().int().min(1).optional(),
  }),
  async run(args, context) {
    const text = await readConfined(context.agentDir, args.path);
    if (args.startLine === undefined && args.endLine === undefined) return text;
    const lines = text.split("\n");
    return lines.slice((args.startLine ?? 1) - 1, args.endLine ?? lines.length).join("\n");
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
