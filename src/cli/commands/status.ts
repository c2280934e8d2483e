// `kern status [DIR] [--json]`: the running daemon's status, or the offline facts.
import type { Command } from "commander";
import { formatStatus } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadReadOnly, loadService } from "../load-daemon.js";
import { serviceLine } from "../service-lines.js";
import { webLoginLine } from "../web-login-line.js";

export function registerStatusCommand(program: Command, context: CliContext): void {
  program
    .command("status")
    .description("agent, model, pid, uptime, URL, session size and memory state")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const daemon = await connectDaemon(dir);
      // Which service runs the agent (none: null); read from the user's unit files.
      const service = await (await loadService()).serviceStatus({
        agentDir: dir,
        env: context.env,
      });
      const serviceJson = service.installed
        ? { manager: service.manager, name: service.name, state: service.state }
        : null;
      const line = serviceLine(service);
      if (daemon) {
        const status = await daemon.client.status();
        if (flags.json)
          return context.output.json({ running: true, ...status, service: serviceJson });
        context.output.line(formatStatus(status));
        if (line) context.output.line(line);
        context.output.line(await webLoginLine(dir, status.url ?? daemon.address.url));
        return;
      }
      const { readOfflineStatus } = await loadReadOnly();
      const offline = await readOfflineStatus(dir, context.env);
      if (flags.json) return context.output.json({ ...offline, service: serviceJson });
      if (line) context.output.line(line);
      const levels =
        Object.entries(offline.segments)
          .map(([level, count]) => `${level} ${count}`)
          .join(", ") || "none";
      context.output.line(`${offline.agent} — not running (start it with 'kern start ${dir}')`);
      context.output.line(
        `model ${offline.model ?? "(none configured)"} via ${offline.provider}; port ${offline.port ?? "chosen at first start"}`,
      );
      context.output.line(
        `session ${offline.session.id}: ${offline.session.messages} messages, ${offline.session.tokens} tokens; segments ${levels}`,
      );
    });
}
