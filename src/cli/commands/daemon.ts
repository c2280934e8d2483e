// `kern start|stop|restart|run DIR` (SPEC §8). When a service runs the agent (`kern service
// install`), start, stop and restart go through its manager (docs/operations.md).
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { selfCommand } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";
import { webLoginLine } from "../web-login-line.js";

/** `kern start` / `kern restart`: through the agent's service when it has one. */
async function startAgent(context: CliContext, dir: string, restart: boolean): Promise<void> {
  const daemon = await loadDaemon();
  const options = { agentDir: dir, env: context.env };
  const service = await (restart ? daemon.restartThroughService : daemon.startThroughService)(
    options,
  );
  if (!service && restart) await daemon.stopDaemon({ agentDir: dir });
  const result = service ?? (await daemon.startDaemon({ agentDir: dir, command: selfCommand() }));
  const verb = result.alreadyRunning ? "already running" : "started";
  const by = service ? ` by ${service.service.name}` : "";
  context.output.line(`kern daemon ${verb}${by} (pid ${result.pid}) — ${result.url}`);
  context.output.line(await webLoginLine(dir, result.url));
}

export function registerDaemonCommands(program: Command, context: CliContext): void {
  const start = (dir: string, restart = false) => startAgent(context, dir, restart);
  program
    .command("start")
    .description("start the daemon in the background (through its service when it has one)")
    .argument("[dir]", "agent folder", ".")
    .action((dir: string) => start(dir));
  program
    .command("stop")
    .description("stop the daemon gracefully (through its service when it has one)")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const daemon = await loadDaemon();
      const service = await daemon.stopThroughService({ agentDir: dir, env: context.env });
      const result = service ?? (await daemon.stopDaemon({ agentDir: dir }));
      const by = service ? ` (${service.service.name} stopped)` : "";
      context.output.line(
        result.wasRunning
          ? `stopped the daemon (pid ${result.pid})${by}`
          : `the daemon was not running${by}`,
      );
    });
  program
    .command("restart")
    .description("stop, then start the daemon")
    .argument("[dir]", "agent folder", ".")
    .action((dir: string) => start(dir, true));
  program
    .command("run")
    .description("run the daemon in the foreground (Ctrl-C stops it)")
    .argument("[dir]", "agent folder", ".")
    .action(async (dir: string) => {
      const { reportStartFailure, runDaemon, startDaemon, RESTART_EXIT_CODE, SERVICE_ENV } =
        await loadDaemon();
      await runDaemon({
        agentDir: dir,
        env: context.env,
        // Under a service, its manager starts the daemon again (RestartForceExitStatus, KeepAlive).
        respawn: () => {
          if (context.env[SERVICE_ENV]) context.exitCode = RESTART_EXIT_CODE;
          else void startDaemon({ agentDir: dir, command: selfCommand() }).catch(() => undefined);
        },
      }).catch(async (error: unknown) => {
        // Started by `kern start`/`tui`/`restart`: tell it why, so it prints this, not a pointer.
        await reportStartFailure(error);
        throw error;
      });
    });
}
