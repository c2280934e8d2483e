// Background commands as a plugin (SPEC §13, §17): `bash` with `background: true` starts one
// (the plugin provides the core's background starter), the `processes` tool and `/ps`, the
// `process` turns that announce an end, `GET /processes` and `POST /processes/:id/stop`, the
// status lines; the survivors of a dead run are ended at setup and reported once the daemon runs.
import { z } from "zod";
import { describeError, KernError } from "../../kernel/index.js";
import { type ProcessRow, processListSchema, processRowSchema } from "../../protocol/index.js";
import {
  type KernPlugin,
  type PluginHost,
  type PluginRoute,
  routeOf,
} from "../../runtime/index.js";
import { type ProcessChain, ProcessManager } from "./process-manager.js";
import { createProcessesTool } from "./processes-tool.js";
import { answerPsCommand } from "./ps-command.js";
import { endedNotice, endLeftoverProcesses, interruptedNotice } from "./recover-processes.js";

const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const processesPlugin: KernPlugin = {
  name: "processes",
  setup(host) {
    const { config, paths, clock } = host.kern;
    host.registerTurnKind({ name: "process", unattended: true });
    const announce = announcer(host);
    const manager = new ProcessManager({
      dir: paths.processesDir,
      recordFile: paths.processesFile,
      clock,
      logger: host.log,
      maxRunning: config.maxBackgroundProcesses,
      sandbox: host.kern.sandbox,
      onEnd: (end) => announce(end.view.id, endedNotice(end), end),
    });
    const interrupted = endLeftoverProcesses(manager.leftovers());
    const tool = createProcessesTool(manager);
    host.kern.provideBackground({
      start: ({ command, cwd, turn }) =>
        manager.start({
          command,
          cwd,
          kind: turn.kind,
          replyTo: routeOf(turn.envelope),
          ...(turn.origin ? { origin: turn.origin } : {}),
          depth: turn.depth,
        }),
    });
    host.registerToolSource({
      id: "processes",
      tools: (request) => (request.scope === "full" ? [tool] : []),
    });
    host.registerCommand({
      name: "ps",
      usage: "[stop ID]",
      help: "background commands",
      operatorOnly: (argument) => argument.trim().startsWith("stop"),
      answer: (argument) => answerPsCommand(manager, argument),
    });
    host.registerRoutes(processRoutes(manager));
    host.registerStatusSection({
      name: "processes",
      read: () => manager.list().filter((row) => row.state === "running"),
      lines: (value) => processLines(value as ProcessRow[]),
    });
    host.onStart(() => {
      for (const item of interrupted)
        announce(item.record.id, interruptedNotice(item), item.record);
      if (interrupted.length > 0)
        host.log.warn(
          {
            processes: interrupted.map((item) => item.record.id),
            survivorsKilled: interrupted.filter((item) => item.killedSurvivors).length,
          },
          "background commands were interrupted by the last stop or crash",
        );
    });
    // Their records stay: the next start reports them as interrupted by this stop.
    host.onStop(() => manager.stopAll());
  },
};

/**
 * Queues the turn that announces a command's end, where it was started, as the person who started
 * the work, at its starter's depth (issue 49 item 5). A leftover's origin is unknown: the operator.
 */
function announcer(host: PluginHost) {
  return (name: string, text: string, { replyTo, origin, depth }: ProcessChain) => {
    try {
      host.enqueue({
        kind: "process",
        envelope: { interface: "process", name, text, ...(replyTo ? { replyTo } : {}) },
        ...(origin ? { origin } : {}),
        ...(depth !== undefined ? { depth } : {}),
      });
    } catch (error) {
      host.log.warn({ process: name, error: describeError(error) }, "could not report a command");
    }
  };
}

/** `kern status` lines: the background commands that run now. */
function processLines(rows: readonly ProcessRow[]): string[] {
  return [
    `background commands: ${rows.length} running`,
    ...rows.map(
      (row) => `  ${row.id} pid ${row.pid} since ${row.startedAt}: ${row.command.slice(0, 60)}`,
    ),
  ];
}

/** `GET /processes` and `POST /processes/:id/stop`. */
function processRoutes(manager: ProcessManager): PluginRoute[] {
  return [
    {
      method: "GET",
      path: "/processes",
      response: processListSchema,
      handle: async () => ({ processes: manager.list() }),
    },
    {
      method: "POST",
      path: "/processes/:id/stop",
      params: idParamsSchema,
      response: processRowSchema,
      handle: async (request) => {
        const stopped = await manager.stop(idParamsSchema.parse(request.params).id);
        if (!stopped)
          throw new KernError(
            "KERN_NOT_FOUND",
            "no background command with that id; list them with GET /processes",
          );
        return stopped;
      },
    },
  ];
}
