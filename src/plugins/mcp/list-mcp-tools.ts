// Lists a server's tools (every page, bounded) as the model will see them: `SERVER__TOOL`, a
// one-line description and the server's JSON schema for the arguments.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { mcpToolName } from "./mcp-tool-name.js";

export interface McpRemoteTool {
  /** The name the model calls: `SERVER__TOOL`. */
  name: string;
  /** The tool's name on its server. */
  remoteName: string;
  description: string;
  /** The server's JSON schema for the arguments (an object schema). */
  inputSchema: Record<string, unknown>;
}

const MAX_PAGES = 50;
const MAX_DESCRIPTION_CHARS = 500;

function oneLine(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length > MAX_DESCRIPTION_CHARS
    ? `${flat.slice(0, MAX_DESCRIPTION_CHARS - 1)}…`
    : flat;
}

export async function listMcpTools(
  client: Client,
  server: string,
  options: { signal: AbortSignal; timeout: number },
): Promise<McpRemoteTool[]> {
  const tools: McpRemoteTool[] = [];
  const taken = new Set<string>();
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const answer = await client.listTools(cursor === undefined ? {} : { cursor }, options);
    for (const tool of answer.tools) {
      const name = mcpToolName(server, tool.name, taken);
      taken.add(name);
      tools.push({
        name,
        remoteName: tool.name,
        description: oneLine(tool.description ?? tool.title ?? `${tool.name} (from ${server})`),
        inputSchema: { ...tool.inputSchema },
      });
    }
    cursor = answer.nextCursor;
    if (cursor === undefined) break;
  }
  return tools;
}
