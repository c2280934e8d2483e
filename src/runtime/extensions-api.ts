// What interfaces may ask about MCP servers and skills (SPEC §14): the web routes and the status.
import type { McpListView, McpServerView, SkillsListView } from "../kernel/index.js";
import type { SkillCatalog } from "./skills/index.js";
import type { McpManager } from "./tools/mcp/index.js";

export interface ExtensionsApi {
  mcpList(): McpListView;
  /** Starts a configured server afresh beside the running one; KERN_MCP_UNKNOWN_SERVER. */
  mcpTest(name: string): Promise<McpServerView>;
  skillsList(): Promise<SkillsListView>;
}

export function createExtensionsApi(mcp: McpManager, skills: SkillCatalog): ExtensionsApi {
  return {
    mcpList: () => ({ running: true, servers: mcp.status() }),
    mcpTest: (name) => mcp.test(name),
    skillsList: () => skills.refresh(),
  };
}
