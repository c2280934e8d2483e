// Chat commands (SPEC §7, §16, §17) answered by the runtime itself, in every interface, without
// the model: the core's (status, context, segments, recall, help, the queued /new and /restart,
// /cancel, /approve, /deny) and those plugins register. Each says whether it is the operator's;
// a member asking for one gets one line and nothing runs, and /help lists what the asker may use.
import {
  type ActorRole,
  type AgentStatus,
  type ContextReport,
  type Envelope,
  formatContext,
  formatRecall,
  formatSegments,
  formatStatus,
  type RecallReport,
  type SegmentsReport,
} from "../kernel/index.js";

/** Who asks: the envelope (with the role the runtime set) of the command's message. */
export interface CommandAsker {
  envelope: Envelope;
  role: ActorRole;
}

/** A chat command; core ones are answered in runtime-commands.ts, plugins' by `answer`. */
export interface ChatCommandHandler {
  /** Lower-case letters, digits and dashes, without the slash. */
  name: string;
  /** What it does, for /help (one line). */
  help: string;
  /** How to call it when it takes words (`QUERY`, `[cancel ID]`), for /help. */
  usage?: string;
  /** The operator's only; or only for some arguments (`/ps stop ID`). */
  operatorOnly?: boolean | ((argument: string) => boolean);
  answer(argument: string, asker: CommandAsker): Promise<string>;
}

export interface CommandSources {
  status(): Promise<AgentStatus>;
  context(): Promise<ContextReport>;
  segments(): Promise<SegmentsReport>;
  recall(query: string): Promise<RecallReport>;
  /** The agent's time zone, for the times an answer prints. */
  timezone: string;
}

/** The core's commands for /help and the operator check; their answers are the runtime's. */
export const CORE_COMMAND_HANDLERS: readonly Omit<ChatCommandHandler, "answer">[] = [
  { name: "status", help: "agent, model, session, queue and memory" },
  { name: "context", help: "what the prompt holds and its token budget", operatorOnly: true },
  { name: "segments", help: "the summary tree per level", operatorOnly: true },
  { name: "recall", usage: "QUERY", help: "search the whole history", operatorOnly: true },
  { name: "new", help: "start a new session (history stays searchable)", operatorOnly: true },
  { name: "cancel", help: "cancel the running turn (a member: their own)" },
  { name: "approve", usage: "ID", help: "run a call that waits for your yes", operatorOnly: true },
  { name: "deny", usage: "ID", help: "refuse a call that waits for your yes", operatorOnly: true },
  { name: "restart", help: "restart the daemon", operatorOnly: true },
  { name: "help", help: "this list" },
];

/** Width of /help's first column: the longest `/name USAGE` plus two spaces. */
const HELP_COLUMN = 18;

/** The registered commands, by name: the core's and every plugin's. */
export class CommandRegistry {
  private readonly handlers = new Map<string, ChatCommandHandler>();

  /** Throws when the name is taken (a core command or another plugin's). */
  register(handler: ChatCommandHandler): void {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(handler.name))
      throw new Error(`a command name is lower-case letters, digits and dashes: "${handler.name}"`);
    if (this.has(handler.name))
      throw new Error(`the command /${handler.name} is registered already`);
    this.handlers.set(handler.name, handler);
  }

  /** True when `/name` is taken (a core command or a registered one). */
  has(name: string): boolean {
    return isCoreCommand(name) || this.handlers.has(name);
  }

  get(name: string): ChatCommandHandler | undefined {
    return this.handlers.get(name);
  }

  /** Every command, core first, as the TUI, the web and Telegram's menu list them. */
  list(): Array<Omit<ChatCommandHandler, "answer">> {
    return [...CORE_COMMAND_HANDLERS, ...this.handlers.values()];
  }

  /** /help for this asker: only what they may use, in aligned columns. */
  helpText(role: ActorRole): string {
    const lines = this.list()
      .filter((command) => role === "operator" || command.operatorOnly !== true)
      .map((command) => {
        const call = `/${command.name}${command.usage ? ` ${command.usage}` : ""}`;
        return `  ${call.padEnd(HELP_COLUMN - 1)} ${command.help}`;
      });
    return ["Commands (answered by kern, not the model):", ...lines].join("\n");
  }
}

function isCoreCommand(name: string): boolean {
  return CORE_COMMAND_HANDLERS.some((command) => command.name === name);
}

/** True when `role` may run the command with this argument. */
export function mayRun(
  command: Pick<ChatCommandHandler, "operatorOnly">,
  argument: string,
  role: ActorRole,
): boolean {
  if (role === "operator") return true;
  const rule = command.operatorOnly;
  return typeof rule === "function" ? !rule(argument) : rule !== true;
}

/** The answer of a core command answered at once; null for those the runtime runs itself. */
export async function answerCoreCommand(
  command: string,
  argument: string,
  sources: CommandSources & { registry: CommandRegistry; asker: CommandAsker },
): Promise<string | null> {
  switch (command) {
    case "status":
      return formatStatus(await sources.status());
    case "context":
      return formatContext(await sources.context());
    case "segments":
      return formatSegments(await sources.segments());
    case "recall":
      return argument
        ? formatRecall(await sources.recall(argument), sources.timezone)
        : "usage: /recall QUERY";
    case "help":
      return sources.registry.helpText(sources.asker.role);
    default:
      return null;
  }
}
