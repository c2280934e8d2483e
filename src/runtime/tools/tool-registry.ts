// The built-in tools of SPEC §7, described for the model, and running any tool call safely.
import { z } from "zod";
import { describeError, type ToolCall } from "../../kernel/index.js";
import { bashTool } from "./bash-tool.js";
import { editTool, readTool, writeTool } from "./file-tools.js";
import { describeTool, expandTool, recallTool } from "./memory-tools.js";
import { kernTool, messageTool } from "./message-tool.js";
import { globTool, grepTool } from "./search-tools.js";
import {
  isToolInScope,
  type Tool,
  type ToolContext,
  type ToolResult,
  type ToolResultPart,
  type ToolScope,
} from "./tool.js";

export const ALL_TOOLS: readonly Tool[] = [
  bashTool,
  readTool,
  writeTool,
  editTool,
  globTool,
  grepTool,
  recallTool,
  expandTool,
  describeTool,
  messageTool,
  kernTool,
];

export interface ToolDescription {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

export function toolsForScope(scope: ToolScope): Tool[] {
  return ALL_TOOLS.filter((tool) => isToolInScope(tool, scope));
}

/** JSON schemas by tool: converting zod schemas took ~20 ms a step on a busy machine. */
const jsonSchemas = new WeakMap<Tool, Record<string, unknown>>();

function jsonSchemaOf(tool: Tool): Record<string, unknown> {
  if (tool.inputSchema) return tool.inputSchema;
  let schema = jsonSchemas.get(tool);
  if (!schema) {
    schema = z.toJSONSchema(tool.parameters) as Record<string, unknown>;
    jsonSchemas.set(tool, schema);
  }
  return schema;
}

export function describeTools(tools: readonly Tool[]): ToolDescription[] {
  return tools.map((tool) => ({
    name: tool.name,
    description: tool.description,
    parameters: jsonSchemaOf(tool),
  }));
}

/** The `<tools>` section text: one line per tool. */
export function toolsSectionText(tools: readonly Tool[]): string {
  return tools.map((tool) => `- ${tool.name}: ${tool.description}`).join("\n");
}

/** A tool call's outcome as the loop stores it: the text, and any images beside it. */
export interface ToolCallOutcome {
  output: string;
  isError: boolean;
  code?: string;
  images?: Array<Extract<ToolResultPart, { type: "image" }>>;
}

/** A tool's return value as an outcome: text parts joined, image parts kept beside. */
function toOutcome(result: string | ToolResult): ToolCallOutcome {
  if (typeof result === "string") return { output: result, isError: false };
  const text = result.parts.flatMap((part) => (part.type === "text" ? [part.text] : []));
  const images = result.parts.flatMap((part) => (part.type === "image" ? [part] : []));
  return {
    output: text.join("\n"),
    isError: result.isError ?? false,
    ...(result.code ? { code: result.code } : {}),
    ...(images.length > 0 ? { images } : {}),
  };
}

/**
 * Decides, once the arguments parsed, whether a call runs now: null = run; a text = the call is
 * parked (it waits for the operator's approval) and the text is its result (SPEC §16).
 */
export type ToolCallGate = (tool: Tool, args: unknown, call: ToolCall) => string | null;

/** Runs a tool call; unknown tools, bad arguments and failures become error results. */
export async function runToolCall(
  call: ToolCall,
  tools: readonly Tool[],
  context: ToolContext,
  gate?: ToolCallGate,
): Promise<ToolCallOutcome> {
  const tool = tools.find((candidate) => candidate.name === call.function.name);
  if (!tool)
    return {
      output: `error: unknown tool "${call.function.name}"; available: ${tools.map((t) => t.name).join(", ")}`,
      isError: true,
    };
  let args: unknown;
  try {
    args = call.function.arguments.trim() === "" ? {} : JSON.parse(call.function.arguments);
  } catch {
    return {
      output: `error: the arguments are not valid JSON: ${call.function.arguments.slice(0, 200)}`,
      isError: true,
    };
  }
  const parsed = tool.parameters.safeParse(args);
  if (!parsed.success)
    return {
      output: `error: invalid arguments for ${tool.name}: ${z.prettifyError(parsed.error)}`,
      isError: true,
    };
  const parked = gate?.(tool, parsed.data, call);
  if (parked) return { output: parked, isError: false };
  try {
    return toOutcome(await tool.run(parsed.data, context));
  } catch (error) {
    context.logger.warn({ tool: tool.name, error: describeError(error) }, "tool failed");
    return { output: `error: ${describeError(error)}`, isError: true };
  }
}
