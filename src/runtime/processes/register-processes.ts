// Wires background commands into a daemon (one line in the composition root): the manager,
// `bash` background starts, the `processes` tool, `/ps`, the `process` turns that announce an end,
// and the survivors of a dead run: ended now, reported once the runtime started.
import type { AgentPaths, Config } from "../../config/index.js";
import { type Clock, createRedactor, describeError, type ReplyRoute } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { routeOf } from "../reply-route.js";
import type { Runtime } from "../runtime.js";
import type { Sandbox } from "../sandbox/index.js";
import { ProcessManager } from "./process-manager.js";
import { createProcessesTool } from "./processes-tool.js";
import { answerPsCommand } from "./ps-command.js";
import { endedNotice, endLeftoverProcesses, interruptedNotice } from "./recover-processes.js";

export interface RegisterProcessesOptions {
  runtime: Runtime;
  config: Config;
  paths: Pick<AgentPaths, "processesDir" | "processesFile">;
  clock: Clock;
  logger: Logger;
  /** Where the commands run (SPEC §16); absent: unconfined. */
  sandbox?: Sandbox;
}

export function registerProcesses(options: RegisterProcessesOptions): ProcessManager {
  const { runtime, config, clock } = options;
  const logger = options.logger.child({ component: "processes" });
  // A command's end reaches the session as a turn, not through a tool result: its output tail is
  // redacted here (SPEC §16).
  const redact = createRedactor(config.secrets.named);
  const announce = (name: string, raw: string, replyTo?: ReplyRoute) => {
    const text = redact(raw);
    try {
      runtime.enqueue({ kind: "process", envelope: { interface: "process", name, text, replyTo } });
    } catch (error) {
      logger.warn({ process: name, error: describeError(error) }, "could not report a command");
    }
  };
  const manager = new ProcessManager({
    dir: options.paths.processesDir,
    recordFile: options.paths.processesFile,
    clock,
    logger,
    maxRunning: config.maxBackgroundProcesses,
    ...(options.sandbox ? { sandbox: options.sandbox } : {}),
    onEnd: (end) => announce(end.view.id, endedNotice(end), end.replyTo),
  });
  const interrupted = endLeftoverProcesses(manager.leftovers());
  const tool = createProcessesTool(manager);
  runtime.registerProcesses({
    list: () => manager.list(),
    stop: (id) => manager.stop(id),
    starter: {
      start: ({ command, cwd, turn }) =>
        manager.start({ command, cwd, replyTo: routeOf(turn.envelope) }),
    },
  });
  runtime.tools.register({
    id: "processes",
    tools: (request) => (request.scope === "full" ? [tool] : []),
  });
  runtime.registerCommand({
    name: "ps",
    help: "  /ps              background commands (/ps stop ID)",
    answer: (argument) => answerPsCommand(manager, argument),
  });
  runtime.onStart(() => {
    for (const item of interrupted)
      announce(item.record.id, interruptedNotice(item), item.record.replyTo);
    if (interrupted.length > 0)
      logger.warn(
        {
          processes: interrupted.map((item) => item.record.id),
          survivorsKilled: interrupted.filter((item) => item.killedSurvivors).length,
        },
        "background commands were interrupted by the last stop or crash",
      );
  });
  return manager;
}
