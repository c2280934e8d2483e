// MCP servers as a plugin (SPEC §14, §17): the `mcp` tool source (`SERVER__TOOL`), `/mcp`, the
// `/extensions/mcp` routes. Servers start in the background once the daemon runs (it never waits
// for one) and stop with it, their processes ended.
import {
  formatMcpList,
  mcpListViewSchema,
  mcpServerParamsSchema,
  mcpServerViewSchema,
} from "../../protocol/index.js";
import type { KernPlugin } from "../../runtime/index.js";
import { createMcpManager } from "./create-mcp-manager.js";
import { McpToolSource } from "./mcp-tool-source.js";

export const mcpPlugin: KernPlugin = {
  name: "mcp",
  setup(host) {
    const mcp = createMcpManager({
      config: host.kern.config,
      logger: host.log,
      sandbox: host.kern.sandbox,
    });
    host.registerToolSource(new McpToolSource(mcp));
    host.registerCommand({
      name: "mcp",
      help: "MCP servers: state, tools, last error",
      operatorOnly: true,
      answer: async () => formatMcpList({ running: true, servers: mcp.status() }),
    });
    host.registerRoutes([
      {
        method: "GET",
        path: "/extensions/mcp",
        response: mcpListViewSchema,
        handle: async () => ({ running: true, servers: mcp.status() }),
      },
      {
        method: "POST",
        path: "/extensions/mcp/:name/test",
        params: mcpServerParamsSchema,
        response: mcpServerViewSchema,
        handle: async (request) => mcp.test(mcpServerParamsSchema.parse(request.params).name),
      },
    ]);
    host.onStart(() => mcp.start());
    host.onStop(() => mcp.stop());
  },
};
