// `kern mcp list|test` and `kern skills list|add` (SPEC §14). MCP asks the running daemon (it
// holds the sessions) or, without one, reads the config / starts the one server here; skills are
// files, read and copied directly (the daemon rescans them on its next step).
import type { Command } from "commander";
import { KernError } from "../../kernel/index.js";
// By path, not the barrel: the barrel loads every zod schema at the CLI's start (ADR 0012).
import { formatMcpList, formatSkillsList } from "../../protocol/format-extensions.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

function registerMcpCommand(program: Command, context: CliContext): void {
  const mcp = program.command("mcp").description("MCP servers: their state, tools and errors");
  mcp
    .command("list")
    .description("servers with state, transport, tools and last error")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const view = daemon
        ? await daemon.client.mcpList()
        : await (await loadDaemon()).listMcpOffline(dir, context.env);
      if (flags.json) return context.output.json(view);
      context.output.line(formatMcpList(view));
    });
  mcp
    .command("test")
    .description("start one server afresh, list its tools or say why it fails, stop it")
    .argument("<name>", "server name (a key of mcpServers)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (name: string, dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const status = daemon
        ? await daemon.client.mcpTest(name)
        : await (await loadDaemon()).testMcpServerOffline(dir, name, context.env);
      if (flags.json) context.output.json(status);
      else context.output.line(formatMcpList({ running: true, servers: [status] }));
      if (status.state !== "ready")
        throw new KernError(
          "KERN_MCP_UNAVAILABLE",
          `MCP server "${name}" did not start (see above)`,
        );
    });
}

function registerSkillsCommand(program: Command, context: CliContext): void {
  const skills = program.command("skills").description("skills: skills/NAME/SKILL.md");
  skills
    .command("list")
    .description("the agent's skills, and the folders that are not valid skills with why")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const view = await (await loadDaemon()).listSkills(dir);
      if (flags.json) return context.output.json(view);
      context.output.line(formatSkillsList(view));
    });
  skills
    .command("add")
    .description("check a skill folder and copy it to skills/NAME/")
    .argument("<path>", "a skill folder holding SKILL.md")
    .argument("[dir]", "agent folder", ".")
    .action(async (path: string, dir: string) => {
      const skill = await (await loadDaemon()).addSkillToAgent(dir, path);
      context.output.line(`added ${skill.folder}: ${skill.description}`);
    });
}

export function registerExtensionCommands(program: Command, context: CliContext): void {
  registerMcpCommand(program, context);
  registerSkillsCommand(program, context);
}
