// `kern service install|uninstall|status [DIR]`: the agent as a systemd user unit or a launchd
// agent (docs/operations.md; --json shapes in docs/cli.md).
import type { Command } from "commander";
import { UsageError } from "../../kernel/index.js";
import type { CliContext } from "../cli-context.js";
import { selfCommand } from "../daemon-command.js";
import { loadDaemon, loadService } from "../load-daemon.js";
import { formatServiceStatus, lingerAdvice } from "../service-lines.js";

interface InstallFlags {
  dryRun?: boolean;
  manager?: string;
  json?: boolean;
}

export function registerServiceCommand(program: Command, context: CliContext): void {
  const service = program
    .command("service")
    .description("run the agent as a user service (systemd, launchd): at boot, after a crash");
  service
    .command("install")
    .description("write the unit, enable and start it (kern stop/start then go through it)")
    .argument("[dir]", "agent folder", ".")
    .option("--dry-run", "print the unit (or plist) and change nothing")
    .option("--manager <name>", "systemd or launchd (default: the platform's)")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: InstallFlags) => {
      const manager = flags.manager;
      if (manager !== undefined && manager !== "systemd" && manager !== "launchd")
        throw new UsageError(`--manager ${manager}: write systemd or launchd`);
      const { installService } = await loadDaemon();
      const result = await installService({
        ...{ agentDir: dir, env: context.env, command: selfCommand() },
        ...{ dryRun: flags.dryRun === true, ...(manager ? { manager } : {}) },
      });
      if (flags.json) return context.output.json(result);
      if (result.dryRun) return void context.stdout.write(result.text);
      context.output.line(`installed ${result.name} (${result.manager}): ${result.file}`);
      if (result.stoppedPid !== null)
        context.output.line(
          `stopped the daemon that ran (pid ${result.stoppedPid}); the service runs it now`,
        );
      context.output.line(`enabled and started: pid ${result.pid} — ${result.url}`);
      if (result.lingering === false) context.output.line(lingerAdvice());
      context.output.line("kern start, stop and restart now go through the service");
    });
  service
    .command("uninstall")
    .description("stop the service and remove its unit (the agent folder is untouched)")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const { uninstallService } = await loadDaemon();
      const { removed } = await uninstallService({ agentDir: dir, env: context.env });
      context.output.line(
        removed
          ? `removed ${removed.name} (${removed.file}); the daemon is stopped — 'kern start ${dir}' runs it by hand`
          : `no service runs ${dir}`,
      );
    });
  service
    .command("status")
    .description("the agent's service: enabled, running, pid, restarts, lingering")
    .argument("[dir]", "agent folder", ".")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: { json?: boolean }) => {
      const { serviceStatus } = await loadService();
      const status = await serviceStatus({ agentDir: dir, env: context.env });
      if (flags.json) return context.output.json(status);
      for (const line of formatServiceStatus(status, dir)) context.output.line(line);
    });
}
