// Chat commands the runtime answers itself: the immediate ones (answered at once, even while a
// turn runs: status, context, segments, recall, help, cancel, approve, deny and every plugin's)
// and the queued ones that change the session (/new, /restart). A member asking for the
// operator's command gets one line and nothing runs (SPEC §16).
import {
  type ActorRole,
  describeError,
  type Envelope,
  parseChatCommand,
  type RuntimeEvent,
} from "../kernel/index.js";
import type { AgentStore } from "../store/index.js";
import type { Approvals } from "./access/approvals.js";
import {
  answerCoreCommand,
  CORE_COMMAND_HANDLERS,
  type CommandRegistry,
  mayRun,
} from "./chat-commands.js";
import type { RuntimeQueries } from "./runtime-queries.js";

/** Core commands that wait for their turn in the queue: they change the session or the daemon. */
const QUEUED = new Set(["new", "restart"]);

export interface CommandHost {
  emit(event: RuntimeEvent): void;
  queries: Pick<RuntimeQueries, "status" | "context" | "segments" | "recall">;
  registry: CommandRegistry;
  approvals: Pick<Approvals, "decide">;
  /** Cancels the running turn when `mayCancel` allows it: its id, or null. */
  cancelRunning(mayCancel: (running: Envelope) => boolean): string | null;
  /** The store `/new` starts a session in. */
  store: AgentStore;
  /** What `/restart` asks of the daemon; absent, it only says so. */
  onRestart?: () => void;
  /** The agent's time zone (config `timezone`, else the host's). */
  timezone: string;
}

/** A queued core command's turn (`/new`, `/restart`), when its place in the queue came. */
export function runQueuedCommand(host: CommandHost, turnId: string, command: string): void {
  if (command === "new") {
    const id = startNewSession(host.store);
    finishCommand(
      host,
      turnId,
      "new",
      `started a new session ${id}; earlier sessions stay searchable with /recall`,
    );
    return;
  }
  finishCommand(host, turnId, "restart", "restarting the daemon…");
  host.onRestart?.();
}

/** A command in this text, if it names one: core or registered. Null for ordinary text. */
export function commandOf(
  text: string,
  registry: CommandRegistry,
): { command: string; argument: string; queued: boolean } | null {
  const parsed = parseChatCommand(text);
  if (!parsed) return null;
  const core = CORE_COMMAND_HANDLERS.some((command) => command.name === parsed.command);
  if (!core && !registry.get(parsed.command)) return null;
  return { ...parsed, queued: core && QUEUED.has(parsed.command) };
}

/** The line a member gets for an operator's command (SPEC §16). */
function operatorsOnlyLine(command: string): string {
  return `/${command} is the operator's command; ask the operator (send /help for yours)`;
}

/** True when the asker may run this command with this argument. */
export function mayAsk(
  registry: CommandRegistry,
  command: { command: string; argument: string },
  role: ActorRole,
): boolean {
  const handler =
    registry.get(command.command) ??
    CORE_COMMAND_HANDLERS.find((core) => core.name === command.command);
  return handler ? mayRun(handler, command.argument, role) : true;
}

export function finishCommand(
  host: Pick<CommandHost, "emit">,
  turnId: string,
  command: string,
  text: string,
) {
  host.emit({ type: "command-result", turnId, command, text });
  host.emit({ type: "turn-end", turnId, text, stopReason: "command" });
}

export async function answerImmediately(
  host: CommandHost,
  turn: { turnId: string; envelope: Envelope; command: string; argument: string },
): Promise<void> {
  const { turnId, envelope, command, argument } = turn;
  const role: ActorRole = envelope.role ?? "operator";
  host.emit({ type: "turn-start", turnId, envelope });
  if (!mayAsk(host.registry, turn, role))
    return finishCommand(host, turnId, command, operatorsOnlyLine(command));
  try {
    const text = await answerOf(host, { envelope, command, argument, role });
    finishCommand(host, turnId, command, text);
  } catch (error) {
    finishCommand(host, turnId, command, `/${command} failed: ${describeError(error)}`);
  }
}

async function answerOf(
  host: CommandHost,
  ask: { envelope: Envelope; command: string; argument: string; role: ActorRole },
): Promise<string> {
  const { envelope, command, argument, role } = ask;
  if (command === "cancel") {
    const running = host.cancelRunning(
      (turn) => role === "operator" || isSameSender(turn, envelope),
    );
    return running ? `cancelled ${running}` : "no turn of yours is running";
  }
  if (command === "approve" || command === "deny") {
    if (!argument) return `usage: /${command} ID (the id the approval request names)`;
    const decided = await host.approvals.decide(argument, {
      approve: command === "approve",
      by: describeSender(envelope),
    });
    return `${decided.tool} ${decided.state} (${decided.id})`;
  }
  const plugin = host.registry.get(command);
  if (plugin) return plugin.answer(argument, { envelope, role });
  const text = await answerCoreCommand(command, argument, {
    status: () => host.queries.status(),
    context: () => host.queries.context(),
    segments: () => host.queries.segments(),
    recall: (query) => host.queries.recall({ query, k: 8 }),
    timezone: host.timezone,
    registry: host.registry,
    asker: { envelope, role },
  });
  return text ?? "";
}

function isSameSender(running: Envelope, asker: Envelope): boolean {
  return (
    running.interface === asker.interface &&
    running.user !== undefined &&
    running.user === asker.user
  );
}

/** "operator via web", "operator telegram:42": who made a decision, for the log. */
function describeSender(envelope: Envelope): string {
  const where = envelope.user
    ? `${envelope.interface}:${envelope.user}`
    : `via ${envelope.interface}`;
  return `${envelope.role ?? "operator"} ${where}`;
}

/** Starts a new session in the log and the index; its id. */
function startNewSession(store: AgentStore): string {
  const id = store.sessionLog.startNew();
  const info = store.sessionLog.scan.info;
  store.messages.ensureSession({ id, createdAt: info.createdAt, file: info.file });
  return id;
}
