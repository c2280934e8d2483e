// `kern plugins list [DIR] [--json]` (SPEC §17): kern's own plugins and those config `plugins`
// names, each with its version, where it came from and how its setup went. Without a daemon the
// outside plugins are imported (not set up) to say whether they load.
import type { Command } from "commander";
import type { PluginStatusView } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

export function registerPluginsCommand(program: Command, context: CliContext): void {
  const plugins = program.command("plugins").description("plugins: kern's own and outside ones");
  plugins
    .command("list")
    .description("each plugin with its version, source and state (an error says why)")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const list = daemon
        ? ((await daemon.client.status()).plugins ?? [])
        : await (await loadDaemon()).listPluginsOffline(dir, context.env);
      if (flags.json) return context.output.json({ running: daemon !== null, plugins: list });
      if (!daemon)
        context.output.line("the daemon is not running: plugins were loaded, not set up");
      for (const plugin of list) context.output.line(pluginLine(plugin));
    });
}

function pluginLine(plugin: PluginStatusView): string {
  const version = plugin.version ? ` ${plugin.version}` : "";
  const state = plugin.state === "ready" ? "ready" : `failed — ${plugin.error ?? "unknown error"}`;
  return `${plugin.name}${version} (${plugin.from}): ${state}`;
}
