// Chat commands `/mcp` and `/skills` (SPEC §14): answered at once, without the model.
import { formatMcpList, formatSkillsList } from "../kernel/index.js";
import type { ChatCommandHandler } from "./chat-commands.js";
import type { ExtensionsApi } from "./extensions-api.js";

export function extensionCommands(extensions: ExtensionsApi): ChatCommandHandler[] {
  return [
    {
      name: "mcp",
      help: "/mcp             MCP servers: state, tools, last error",
      answer: async () => formatMcpList(extensions.mcpList()),
    },
    {
      name: "skills",
      help: "/skills          the agent's skills (skills/NAME/SKILL.md)",
      answer: async () => formatSkillsList(await extensions.skillsList()),
    },
  ];
}
