// Wires sub-agents into a daemon (one line in the composition root): the manager, the `spawn`
// tool for turns above the depth limit, `/subagents`, the `subagent` turns that bring results
// back, and — once the runtime started — the report of sub-agents a stop or crash cut short.
import type { AgentPaths, Config } from "../../config/index.js";
import { type Clock, describeError, type ReplyRoute } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { AgentStore } from "../../store/index.js";
import type { Runtime } from "../runtime.js";
import { createSpawnTool } from "./spawn-tool.js";
import { createSubagentLoop } from "./subagent-loop.js";
import { SubagentManager } from "./subagent-manager.js";
import { closeInterruptedTranscript, interruptedNotice, resultNotice } from "./subagent-notices.js";
import { answerSubagentsCommand } from "./subagents-command.js";

export interface RegisterSubagentsOptions {
  runtime: Runtime;
  config: Config;
  paths: Pick<AgentPaths, "subagentsDir" | "subagentsFile">;
  store: AgentStore;
  clock: Clock;
  logger: Logger;
}

export function registerSubagents(options: RegisterSubagentsOptions): SubagentManager {
  const { runtime, config, store, clock } = options;
  const logger = options.logger.child({ component: "subagents" });
  const announce = (name: string, text: string, replyTo?: ReplyRoute) => {
    try {
      runtime.enqueue({
        kind: "subagent",
        envelope: { interface: "subagent", name, text, ...(replyTo ? { replyTo } : {}) },
      });
    } catch (error) {
      logger.warn({ subagent: name, error: describeError(error) }, "could not report a sub-agent");
    }
  };
  const manager = new SubagentManager({
    dir: options.paths.subagentsDir,
    recordFile: options.paths.subagentsFile,
    clock,
    logger,
    maxSubagents: config.maxSubagents,
    loop: createSubagentLoop({
      store,
      turnDependencies: (turn) =>
        runtime.dependenciesFor({
          turnId: turn.id,
          envelope: turn.envelope,
          options: { kind: "subagent" },
        }),
      toolsFor: (scope, turn) => runtime.tools.toolsFor({ scope, turn }),
      maxContextTokens: config.maxContextTokens,
      clock,
    }),
    onEnd: (end) => announce(end.view.id, resultNotice(end), end.replyTo),
  });
  const leftovers = manager.takeLeftovers();
  for (const record of leftovers) {
    try {
      closeInterruptedTranscript(store, record, clock);
    } catch (error) {
      logger.warn(
        { subagent: record.id, error: describeError(error) },
        "could not close a transcript",
      );
    }
  }
  runtime.registerSubagents(manager);
  runtime.tools.register({
    id: "subagents",
    tools: ({ scope, turn }) =>
      config.maxSubagents > 0 && turn.depth < config.subagentDepth
        ? [createSpawnTool(manager, scope, config)]
        : [],
  });
  runtime.registerCommand({
    name: "subagents",
    help: "  /subagents       sub-agents and their tokens (/subagents cancel ID)",
    answer: (argument) => answerSubagentsCommand(manager, argument),
  });
  runtime.onStart(() => {
    for (const record of leftovers) announce(record.id, interruptedNotice(record), record.replyTo);
    if (leftovers.length > 0)
      logger.warn(
        { subagents: leftovers.map((record) => record.id) },
        "sub-agents were interrupted",
      );
  });
  return manager;
}
