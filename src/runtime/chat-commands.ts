// Chat commands (SPEC §7) answered by the runtime itself, in every interface, without the model.
// The core ones are answered here; features (jobs, extensions, sub-agents) register theirs.
import {
  type AgentStatus,
  type ChatCommand,
  type ContextReport,
  type Envelope,
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

/** A command a feature answers (`/jobs`): its name must be listed in CHAT_COMMANDS. */
export interface ChatCommandHandler {
  name: ChatCommand;
  /** One line for /help, e.g. "/jobs            scheduled jobs: next and last runs". */
  help: string;
  answer(argument: string, turn: { envelope: Envelope }): Promise<string>;
}

const CORE_HELP = [
  "Commands (answered by kern, not the model):",
  "  /status          agent, model, session, queue and memory",
  "  /context         what the prompt holds and its token budget",
  "  /segments        the summary tree per level",
  "  /recall QUERY    search the whole history",
  "  /new             start a new session (history stays searchable)",
  "  /cancel          cancel the running turn",
  "  /restart         restart the daemon",
  "  /help            this list",
];

export const HELP_TEXT = CORE_HELP.join("\n");

/** The commands features registered, by name. */
export class CommandRegistry {
  private readonly handlers = new Map<string, ChatCommandHandler>();

  register(handler: ChatCommandHandler): void {
    this.handlers.set(handler.name, handler);
  }

  get(name: string): ChatCommandHandler | undefined {
    return this.handlers.get(name);
  }

  helpText(): string {
    return [...CORE_HELP, ...[...this.handlers.values()].map((h) => `  ${h.help}`)].join("\n");
  }
}

export async function answerCommand(
  command: ChatCommand,
  argument: string,
  sources: CommandSources & { registry: CommandRegistry; envelope: Envelope },
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
      return sources.registry.helpText();
    case "new":
    case "cancel":
    case "restart":
      return null;
    case "jobs":
    case "mcp":
    case "skills":
    case "subagents":
    case "ps": {
      const handler = sources.registry.get(command);
      if (!handler) return `/${command} is not available in this daemon`;
      return handler.answer(argument, { envelope: sources.envelope });
    }
    default: {
      const unreachable: never = command;
      return `unknown command ${String(unreachable)}`;
    }
  }
}
