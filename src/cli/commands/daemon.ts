// `kern start|stop|restart|run DIR` (SPEC §8).
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { selfCommand } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";
import { webLoginLine } from "../web-login-line.js";

export function registerDaemonCommands(program: Command, context: CliContext): void {
  const start = async (dir: string) => {
    const { startDaemon } = await loadDaemon();
    const result = await startDaemon({ agentDir: dir, command: selfCommand() });
    const verb = result.alreadyRunning ? "already running" : "started";
    context.output.line(`kern daemon ${verb} (pid ${result.pid}) — ${result.url}`);
    context.output.line(await webLoginLine(dir, result.url));
  };
  program
    .command("start")
    .description("start the daemon in the background")
    .argument("[dir]", "agent folder", ".")
    .action(start);
  program
    .command("stop")
    .description("stop the daemon gracefully")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const { stopDaemon } = await loadDaemon();
      const result = await stopDaemon({ agentDir: dir });
      context.output.line(
        result.wasRunning ? `stopped the daemon (pid ${result.pid})` : "the daemon was not running",
      );
    });
  program
    .command("restart")
    .description("stop, then start the daemon")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const { stopDaemon } = await loadDaemon();
      await stopDaemon({ agentDir: dir });
      await start(dir);
    });
  program
    .command("run")
    .description("run the daemon in the foreground (Ctrl-C stops it)")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const { reportStartFailure, runDaemon, startDaemon } = await loadDaemon();
      await runDaemon({
        agentDir: dir,
        env: context.env,
        respawn: () =>
          void startDaemon({ agentDir: dir, command: selfCommand() }).catch(() => undefined),
      }).catch(async (error: unknown) => {
        // Started by `kern start`/`tui`/`restart`: tell it why, so it prints this, not a pointer.
        await reportStartFailure(error);
        throw error;
      });
    });
}
