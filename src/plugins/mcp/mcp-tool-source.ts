// The tool source "mcp": every ready (or restarting) server's tools as kern tools named
// `SERVER__TOOL`, with the server's JSON schema sent to the model as it is. A server's tools are
// `full`-scope tools unless its entry says otherwise (toolScope), since kern cannot know what they
// do (docs/security.md).
import { z } from "zod";
import type { ToolSourceStatusView } from "../../kernel/index.js";
import type { ToolRequest, ToolSource } from "../../runtime/index.js";
import { defineTool, isToolInScope, type Tool } from "../../runtime/index.js";
import type { McpRemoteTool } from "./list-mcp-tools.js";
import type { McpManager } from "./mcp-manager.js";
import type { McpServerHandle } from "./mcp-server-handle.js";

/** MCP arguments are an object; the server checks them against its own schema. */
const mcpArgumentsSchema = z.record(z.string(), z.unknown());

function toTool(connection: McpServerHandle, remote: McpRemoteTool): Tool {
  return defineTool({
    name: remote.name,
    description: remote.description,
    scope: connection.toolScope,
    parameters: mcpArgumentsSchema,
    inputSchema: remote.inputSchema,
    run: async (args, context) => {
      const result = await connection.call(remote.remoteName, args, context.signal);
      return { parts: result.parts, ...(result.isError ? { isError: true } : {}) };
    },
  });
}

export class McpToolSource implements ToolSource {
  readonly id = "mcp";
  /** Tool objects per server, rebuilt when its list changes (the list is a new array then). */
  private readonly built = new WeakMap<readonly McpRemoteTool[], Tool[]>();

  constructor(private readonly manager: McpManager) {}

  tools(request: ToolRequest): readonly Tool[] {
    return this.manager.connections.flatMap((connection) => {
      const remote = connection.tools();
      let tools = this.built.get(remote);
      if (!tools) {
        tools = remote.map((tool) => toTool(connection, tool));
        this.built.set(remote, tools);
      }
      return tools.filter((tool) => isToolInScope(tool, request.scope));
    });
  }

  describe(): ToolSourceStatusView {
    const statuses = this.manager.status();
    const failed = statuses.filter((status) => status.state === "failed");
    // Down now, or starting again after a failure: both have a last error worth naming.
    const troubled = statuses.filter((status) => status.state !== "ready" && status.error);
    const state =
      statuses.length > 0 && failed.length === statuses.length
        ? "failed"
        : statuses.some((status) => status.state === "starting")
          ? "starting"
          : "ready";
    // One line per server: why, and the last line the server wrote to stderr.
    const oneLine = (text: string | null) => {
      const lines = (text ?? "failed").split("\n");
      const said = lines.includes("stderr:") ? lines.at(-1) : undefined;
      return said ? `${lines[0]} (${said.trim()})` : lines[0];
    };
    return {
      id: this.id,
      state,
      tools: this.manager.summary().tools,
      error:
        troubled.length > 0
          ? troubled.map((status) => `${status.name}: ${oneLine(status.error)}`).join("; ")
          : null,
    };
  }
}
