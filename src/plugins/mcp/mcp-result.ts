// An MCP `tools/call` result as a kern tool result: text parts as they are, images as image parts,
// embedded resources as their text (a binary one as a line naming it), resource links as a line,
// `structuredContent` as JSON when there is no content, `isError` as an error result. Long text is
// cut at MAX_RESULT_CHARS here; the prompt shortens further to maxToolResultChars (compose). Pure.
import { z } from "zod";

export type McpResultPart =
  | { type: "text"; text: string }
  | { type: "image"; mediaType: string; data: string };

export interface McpMappedResult {
  parts: McpResultPart[];
  isError: boolean;
}

/** The most text one result keeps (the bash tool's bound). */
export const MAX_RESULT_CHARS = 200_000;
/** Base64 images past this are named, not sent. */
const MAX_IMAGE_CHARS = 4_000_000;

const contentSchema = z.union([
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("image"), data: z.string(), mimeType: z.string() }),
  z.object({ type: z.literal("audio"), mimeType: z.string() }),
  z.object({
    type: z.literal("resource"),
    resource: z.object({
      uri: z.string(),
      mimeType: z.string().optional(),
      text: z.string().optional(),
      blob: z.string().optional(),
    }),
  }),
  z.object({
    type: z.literal("resource_link"),
    uri: z.string(),
    name: z.string().optional(),
    description: z.string().optional(),
  }),
  z.object({ type: z.string() }),
]);

const resultSchema = z.object({
  content: z.array(z.unknown()).optional(),
  structuredContent: z.unknown().optional(),
  isError: z.boolean().optional(),
  toolResult: z.unknown().optional(),
});

function partOf(item: unknown): McpResultPart {
  const parsed = contentSchema.safeParse(item);
  if (!parsed.success) return { type: "text", text: "[content kern cannot read]" };
  const content = parsed.data;
  if ("text" in content) return { type: "text", text: content.text };
  if ("data" in content) {
    if (content.data.length > MAX_IMAGE_CHARS)
      return { type: "text", text: `[image ${content.mimeType}, too large to show]` };
    return { type: "image", mediaType: content.mimeType, data: content.data };
  }
  if ("resource" in content) {
    const { uri, mimeType, text } = content.resource;
    if (text !== undefined) return { type: "text", text: `[resource ${uri}]\n${text}` };
    return { type: "text", text: `[binary resource ${uri}${mimeType ? ` (${mimeType})` : ""}]` };
  }
  if ("uri" in content) {
    const about = content.description ? `: ${content.description}` : "";
    return { type: "text", text: `[resource link ${content.uri}${about}]` };
  }
  if ("mimeType" in content) return { type: "text", text: `[audio ${content.mimeType}]` };
  return { type: "text", text: `[${content.type} content]` };
}

function capText(parts: McpResultPart[]): McpResultPart[] {
  let room = MAX_RESULT_CHARS;
  return parts.map((part) => {
    if (part.type !== "text") return part;
    const text = part.text.length > room ? `${part.text.slice(0, room)}\n[cut]` : part.text;
    room = Math.max(0, room - part.text.length);
    return { type: "text", text };
  });
}

/** Maps a `tools/call` result (unknown: it comes from another process). */
export function mapMcpResult(result: unknown): McpMappedResult {
  const parsed = resultSchema.safeParse(result);
  if (!parsed.success) return { parts: [{ type: "text", text: "[no result]" }], isError: true };
  const { content, structuredContent, isError, toolResult } = parsed.data;
  let parts = (content ?? []).map(partOf);
  if (parts.length === 0) {
    const value = structuredContent ?? toolResult;
    parts = [{ type: "text", text: value === undefined ? "(no output)" : JSON.stringify(value) }];
  }
  return { parts: capText(parts), isError: isError === true };
}
