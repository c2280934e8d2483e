// Connects turns to their chats: one runtime subscription, events routed by turnId to the
// ReplyStream of the chat that asked — a message submitted here, or any turn whose reply route
// names this channel (a job made in a Telegram chat, a sub-agent's result). Others are ignored.
import type { Clock, ReplyRoute, RuntimeEvent } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { InboundEnvelope, RuntimeApi } from "../../runtime/index.js";
import { ReplyStream } from "./reply-stream.js";
import { type ChatId, type TelegramOutbox, toChatId } from "./telegram-outbox.js";
import { TELEGRAM } from "./to-envelope.js";

export interface TurnRouterOptions {
  runtime: RuntimeApi;
  outbox: TelegramOutbox;
  logger: Logger;
  clock: Clock;
}

export class TurnRouter {
  private readonly streams = new Map<string, ReplyStream>();
  /** Events emitted while `runtime.submit` runs, before we know the new turn's id. */
  private captured: RuntimeEvent[] | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: TurnRouterOptions) {}

  attach(): void {
    this.unsubscribe ??= this.options.runtime.subscribe((event) => this.route(event));
  }

  /** Unsubscribes and stops every stream's timers; undelivered replies are dropped. */
  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
    for (const stream of this.streams.values()) stream.dispose();
    this.streams.clear();
  }

  /** Submits the envelope and streams its turn's reply to the chat. Throws what submit throws. */
  submit(envelope: InboundEnvelope, chatId: ChatId): string {
    const { runtime, outbox, logger, clock } = this.options;
    this.captured = [];
    let turnId: string;
    let early: RuntimeEvent[];
    try {
      turnId = runtime.submit(envelope).turnId;
    } finally {
      early = this.captured;
      this.captured = null;
    }
    const stream = new ReplyStream({ outbox, chatId, turnId, clock, logger });
    this.streams.set(turnId, stream);
    stream.start();
    for (const event of early) this.route(event);
    return turnId;
  }

  private route(event: RuntimeEvent): void {
    if (this.captured) {
      this.captured.push(event);
      return;
    }
    if (!("turnId" in event) || event.turnId === undefined) return;
    if (event.type === "turn-start") this.followRoutedTurn(event.turnId, event.envelope.replyTo);
    const stream = this.streams.get(event.turnId);
    if (!stream) return;
    if (event.type === "error") {
      this.options.logger.warn(
        { turnId: event.turnId, code: event.code },
        "turn reported an error",
      );
    }
    if (stream.handle(event)) this.streams.delete(event.turnId);
  }

  /** A turn another source queued with its reply routed to one of our chats. */
  private followRoutedTurn(turnId: string, route: ReplyRoute | undefined): void {
    if (route?.channel !== TELEGRAM || !route.chat || this.streams.has(turnId)) return;
    const { outbox, logger, clock } = this.options;
    const chatId = toChatId(route.chat);
    const stream = new ReplyStream({ outbox, chatId, turnId, clock, logger, quiet: true });
    this.streams.set(turnId, stream);
    stream.start();
  }
}
