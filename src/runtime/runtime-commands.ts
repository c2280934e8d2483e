// Chat commands the runtime answers itself: the immediate ones (answered at once, even while a
// turn runs: status, context, segments, recall, help, cancel and the registered ones) and the
// queued ones that change the session (/new, /restart).
import {
  describeError,
  type Envelope,
  parseChatCommand,
  type RuntimeEvent,
} from "../kernel/index.js";
import type { AgentStore } from "../store/index.js";
import { answerCommand, type CommandRegistry } from "./chat-commands.js";
import type { RuntimeQueries } from "./runtime-queries.js";

/** Commands answered at once, even while a turn runs; others wait their turn in the queue. */
const IMMEDIATE = new Set(["status", "context", "segments", "recall", "help", "cancel"]);

export interface CommandHost {
  emit(event: RuntimeEvent): void;
  queries: Pick<RuntimeQueries, "status" | "context" | "segments" | "recall">;
  registry: CommandRegistry;
  /** Cancels the running turn: its id, or null when none runs. */
  cancelRunning(): string | null;
}

/** The chat command to answer at once for this text, or null (a turn, or a queued command). */
export function immediateCommand(
  text: string,
  registry: CommandRegistry,
): { command: string; argument: string } | null {
  const command = parseChatCommand(text);
  if (!command) return null;
  return IMMEDIATE.has(command.command) || registry.get(command.command) ? command : null;
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
  host.emit({ type: "turn-start", turnId, envelope });
  if (command === "cancel") {
    const running = host.cancelRunning();
    return finishCommand(
      host,
      turnId,
      "cancel",
      running ? `cancelled ${running}` : "no turn is running",
    );
  }
  try {
    const text = await answerCommand(command as Parameters<typeof answerCommand>[0], argument, {
      status: () => host.queries.status(),
      context: () => host.queries.context(),
      segments: () => host.queries.segments(),
      recall: (query) => host.queries.recall({ query, k: 8 }),
      registry: host.registry,
      envelope,
    });
    finishCommand(host, turnId, command, text ?? "");
  } catch (error) {
    finishCommand(host, turnId, command, `/${command} failed: ${describeError(error)}`);
  }
}

/** Starts a new session in the log and the index; its id. */
export function startNewSession(store: AgentStore): string {
  const id = store.sessionLog.startNew();
  const info = store.sessionLog.scan.info;
  store.messages.ensureSession({ id, createdAt: info.createdAt, file: info.file });
  return id;
}
