// One sub-agent's run: the turn loop of run-turn.ts over its own transcript. It sees its task,
// the agent's documents, the parent's working memory and a <recall> block of its task searched
// over the shared history; its model calls are recorded with purpose "subagent". Its events stay
// out of the main event stream (the main session's clients would take them for its own turns).
import { type Clock, createId, isoNow } from "../../kernel/index.js";
import { buildRecallText, recallTextTokens } from "../../memory/index.js";
import type { Tool, ToolScope, TurnInfo } from "../../runtime/index.js";
import { runTurn, type TurnDependencies, type TurnStore } from "../../runtime/index.js";
import type { AgentStore } from "../../store/index.js";
import type { SubagentOutcome, SubagentRun } from "./subagent-manager.js";

export interface SubagentLoopOptions {
  store: AgentStore;
  /** A turn's dependencies, fresh (model, memory, config, tool context, clock, logger). */
  turnDependencies: (turn: TurnInfo) => TurnDependencies;
  /** The tools of a turn of this scope (and, in `turn`, depth). */
  toolsFor: (scope: ToolScope, turn: TurnInfo) => readonly Tool[];
  maxContextTokens: number;
  clock: Clock;
}

/** The first message of a sub-agent's transcript. */
function subagentTaskText(id: string, task: string): string {
  return [
    `You are sub-agent ${id}, started by the main conversation to do one task with your tools.`,
    "Work on it alone (nobody reads along), then answer with the result: your last answer goes back to the main conversation as it is, so make it complete and short.",
    "<working_memory> is the main conversation's; <recall> holds passages of the shared history that match the task; the recall and expand tools search it further.",
    "",
    `Task: ${task}`,
  ].join("\n");
}

export function createSubagentLoop(
  options: SubagentLoopOptions,
): (run: SubagentRun) => Promise<SubagentOutcome> {
  return async (run) => {
    const { store } = options;
    const envelope = {
      interface: "subagent",
      name: run.id,
      ...(run.replyTo ? { replyTo: run.replyTo } : {}),
      text: subagentTaskText(run.id, run.task),
      ts: isoNow(options.clock),
    };
    const turn: TurnInfo = {
      id: createId("subturn", options.clock.now()),
      kind: "subagent",
      envelope,
      depth: run.depth,
      ...(run.origin ? { origin: run.origin } : {}),
    };
    const base = options.turnDependencies(turn);
    const parentSession = store.sessionLog.sessionId;
    const transcript: TurnStore = {
      appendMessages: (messages) => store.appendToSideLog(run.log, messages),
      sync: () => run.log.sync(),
      state: {
        recordUsage(record) {
          store.state.recordUsage(record);
          run.onUsage(record);
        },
      },
      sessionLog: { sessionId: run.id },
    };
    const recallText = base.config.autoRecall
      ? await buildRecallText(
          base.memory,
          run.task,
          { session: run.id, seqStart: 0 },
          recallTextTokens(options.maxContextTokens),
        ).catch(() => null)
      : null;
    return runTurn({
      kind: "subagent",
      turnId: turn.id,
      envelope,
      signal: run.signal,
      deps: {
        ...base,
        store: transcript,
        config: { ...base.config, maxSteps: run.maxSteps },
        tools: options.toolsFor(run.toolScope, turn),
        toolContext: { ...base.toolContext, turn },
        emit: () => undefined,
        logger: base.logger.child({ subagent: run.id }),
        workingMemory: async () =>
          (await base.memory.workingMemory(parentSession).catch(() => null))?.content ?? null,
        recall: recallText ? { text: recallText } : {},
      },
    });
  };
}
