// Sub-agents as a plugin (SPEC §13, §17): the manager, the `spawn` tool for turns above the depth
// limit, `/subagents`, the `subagent` turns that bring results back, `GET /subagents` and
// `POST /subagents/:id/cancel`, the status lines, and — once the daemon runs — the report of the
// sub-agents a stop or crash cut short. Its spawns answer to the day's unattended budget.
import { z } from "zod";
import { describeError, KernError, type Origin, type ReplyRoute } from "../../kernel/index.js";
import { type SubagentRow, subagentListSchema, subagentRowSchema } from "../../protocol/index.js";
import type { KernPlugin, PluginHost, PluginRoute } from "../../runtime/index.js";
import { createSpawnTool } from "./spawn-tool.js";
import { formatSubagentLines } from "./subagent-list.js";
import { createSubagentLoop } from "./subagent-loop.js";
import { SubagentManager } from "./subagent-manager.js";
import { closeInterruptedTranscript, interruptedNotice, resultNotice } from "./subagent-notices.js";
import { answerSubagentsCommand } from "./subagents-command.js";

const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

export const subagentsPlugin: KernPlugin = {
  name: "subagents",
  setup(host) {
    const { config, paths, store, clock, runtime } = host.kern;
    host.registerTurnKind({ name: "subagent", unattended: true });
    const announce = announcer(host);
    const manager = new SubagentManager({
      dir: paths.subagentsDir,
      recordFile: paths.subagentsFile,
      clock,
      logger: host.log,
      maxSubagents: config.maxSubagents,
      loop: createSubagentLoop({
        store,
        turnDependencies: (turn) =>
          runtime.dependenciesFor({
            turnId: turn.id,
            envelope: turn.envelope,
            options: { kind: "subagent", ...(turn.origin ? { origin: turn.origin } : {}) },
          }),
        toolsFor: (scope, turn) => runtime.toolsFor(turn, scope),
        maxContextTokens: config.maxContextTokens,
        clock,
      }),
      onEnd: (end) => announce(end.view.id, resultNotice(end), end),
    });
    manager.setBudget(host.kern.budget);
    const leftovers = closeLeftovers(host, manager);
    host.registerToolSource({
      id: "subagents",
      tools: ({ scope, turn }) =>
        config.maxSubagents > 0 && turn.depth < config.subagentDepth
          ? [createSpawnTool(manager, scope, config)]
          : [],
    });
    host.registerCommand({
      name: "subagents",
      usage: "[cancel ID]",
      help: "sub-agents and their tokens",
      operatorOnly: (argument) => argument.trim().startsWith("cancel"),
      answer: (argument) => answerSubagentsCommand(manager, argument),
    });
    host.registerRoutes(subagentRoutes(manager));
    host.registerStatusSection({
      name: "subagents",
      read: () => manager.running(),
      lines: (value) => formatSubagentLines(value as SubagentRow[]),
    });
    host.onStart(() => {
      for (const record of leftovers) announce(record.id, interruptedNotice(record), record);
      if (leftovers.length > 0)
        host.log.warn(
          { subagents: leftovers.map((record) => record.id) },
          "sub-agents were interrupted",
        );
    });
    // Their records stay: the next start reports them as interrupted by this stop.
    host.onStop(() => manager.stopAll());
  },
};

/**
 * Queues the turn that brings a sub-agent's result back, where it was asked for, as the person who
 * started the work, at the sub-agent's depth: a result turn that spawns again makes a chain, and
 * the depth ends it at `subagentDepth` (issue 49 item 5). A leftover's depth is unknown: 0.
 */
function announcer(host: PluginHost) {
  return (
    name: string,
    text: string,
    { replyTo, origin, depth }: { replyTo?: ReplyRoute; origin?: Origin; depth?: number },
  ) => {
    try {
      host.enqueue({
        kind: "subagent",
        envelope: { interface: "subagent", name, text, ...(replyTo ? { replyTo } : {}) },
        ...(origin ? { origin } : {}),
        ...(depth !== undefined ? { depth } : {}),
      });
    } catch (error) {
      host.log.warn(
        { subagent: name, error: describeError(error) },
        "could not report a sub-agent",
      );
    }
  };
}

/** The transcripts of sub-agents a stop or crash cut short, closed; their records, to report. */
function closeLeftovers(host: PluginHost, manager: SubagentManager) {
  const leftovers = manager.takeLeftovers();
  for (const record of leftovers) {
    try {
      closeInterruptedTranscript(host.kern.store, record, host.kern.clock);
    } catch (error) {
      host.log.warn(
        { subagent: record.id, error: describeError(error) },
        "could not close a transcript",
      );
    }
  }
  return leftovers;
}

/** `GET /subagents` and `POST /subagents/:id/cancel`. */
function subagentRoutes(manager: SubagentManager): PluginRoute[] {
  return [
    {
      method: "GET",
      path: "/subagents",
      response: subagentListSchema,
      handle: async () => ({ subagents: manager.list() }),
    },
    {
      method: "POST",
      path: "/subagents/:id/cancel",
      params: idParamsSchema,
      response: subagentRowSchema,
      handle: async (request) => {
        const ended = await manager.cancel(idParamsSchema.parse(request.params).id);
        if (!ended)
          throw new KernError(
            "KERN_NOT_FOUND",
            "no sub-agent with that id; list them with GET /subagents",
          );
        return ended;
      },
    },
  ];
}
