// Plain-text views of MCP servers and skills, shared by the CLI and the chat commands. Pure.
import type { McpListView, McpServerView, SkillsListView } from "./extension-views.js";

function indent(text: string): string {
  return text
    .split("\n")
    .map((line) => `    ${line}`)
    .join("\n");
}

function serverLines(server: McpServerView): string[] {
  const transport = server.transport ?? "";
  const scope = server.toolScope === "full" ? "" : ` (${server.toolScope} scope)`;
  const head = `${server.name}: ${server.state}${transport ? ` over ${transport}` : ""}${scope}`;
  const lines = [
    server.tools.length > 0
      ? `${head}, ${server.tools.length} tools: ${server.tools.map((tool) => tool.name).join(", ")}`
      : head,
  ];
  if (server.error) {
    const retry = server.retrying ? " (kern retries by itself)" : "";
    lines.push(`  error${retry}:`, indent(server.error));
  }
  return lines;
}

/** `kern mcp list` and `/mcp`. */
export function formatMcpList(view: McpListView): string {
  if (view.servers.length === 0)
    return "No MCP servers configured. Add one under mcpServers in .kern/config.json (docs/extensions.md).";
  const lines = view.servers.flatMap(serverLines);
  if (!view.running)
    lines.push(
      "(the daemon is not running: servers start with it; 'kern mcp test NAME' tries one)",
    );
  return lines.join("\n");
}

/** `kern skills list` and `/skills`. */
export function formatSkillsList(view: SkillsListView): string {
  const lines = view.skills.map((skill) => `${skill.name}: ${skill.description}`);
  if (lines.length === 0)
    lines.push(
      "No skills. Add one with 'kern skills add PATH' or write skills/NAME/SKILL.md (docs/extensions.md).",
    );
  for (const problem of view.problems)
    lines.push(`not loaded: ${problem.path}: ${problem.problem}`);
  return lines.join("\n");
}
