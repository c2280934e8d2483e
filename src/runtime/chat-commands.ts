// Chat commands (SPEC §7) answered by the runtime itself, in every interface, without the model.
import {
  type AgentStatus,
  type ChatCommand,
  type ContextReport,
  formatContext,
  formatRecall,
  formatSegments,
  formatStatus,
  type RecallReport,
  type SegmentsReport,
} from "../kernel/index.js";

export interface CommandSources {
  status(): Promise<AgentStatus>;
  context(): Promise<ContextReport>;
  segments(): Promise<SegmentsReport>;
  recall(query: string): Promise<RecallReport>;
}

export const HELP_TEXT = [
  "Commands (answered by kern, not the model):",
  "  /status          agent, model, session, queue and memory",
  "  /context         what the prompt holds and its token budget",
  "  /segments        the summary tree per level",
  "  /recall QUERY    search the whole history",
  "  /new             start a new session (history stays searchable)",
  "  /cancel          cancel the running turn",
  "  /subagents       sub-agents and their tokens (/subagents cancel ID)",
  "  /ps              background commands (/ps stop ID)",
  "  /restart         restart the daemon",
  "  /help            this list",
].join("\n");

export async function answerCommand(
  command: ChatCommand,
  argument: string,
  sources: CommandSources,
): Promise<string | null> {
  switch (command) {
    case "status":
      return formatStatus(await sources.status());
    case "context":
      return formatContext(await sources.context());
    case "segments":
      return formatSegments(await sources.segments());
    case "recall":
      return argument ? formatRecall(await sources.recall(argument)) : "usage: /recall QUERY";
    case "help":
      return HELP_TEXT;
    case "new":
    case "cancel":
    case "restart":
    case "subagents":
    case "ps":
      return null;
    default: {
      const unreachable: never = command;
      return `unknown command ${String(unreachable)}`;
    }
  }
}
