// Connects turns to their chats (the channel kit): one runtime subscription, events routed by
// turnId to the ReplyStream of the chat that asked — a message submitted here, or any turn whose
// reply route names this channel (a job made in the chat, a sub-agent's result). Others are
// ignored.
import type { ReplyRoute, RuntimeEvent } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { InboundEnvelope, RuntimeApi } from "../runtime-api.js";

/** What a router needs of a stream: ReplyStream fits. */
export interface TurnStream {
  start(): void;
  handle(event: RuntimeEvent): boolean;
  dispose(): void;
}

export interface TurnRouterOptions<Chat> {
  /** The channel's id, as reply routes name it. */
  channel: string;
  runtime: Pick<RuntimeApi, "submit" | "subscribe">;
  logger: Logger;
  /** A chat as reply routes write it → the platform's chat. */
  toChat(chat: string): Chat;
  /** A stream of one turn's reply to a chat; `quiet` for turns nobody here just asked for. */
  openStream(options: { chat: Chat; turnId: string; quiet: boolean }): TurnStream;
}

export class TurnRouter<Chat> {
  private readonly streams = new Map<string, TurnStream>();
  /** Events emitted while `runtime.submit` runs, before we know the new turn's id. */
  private captured: RuntimeEvent[] | null = null;
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: TurnRouterOptions<Chat>) {}

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
  submit(envelope: InboundEnvelope, chat: Chat): string {
    this.captured = [];
    let turnId: string;
    let early: RuntimeEvent[];
    try {
      turnId = this.options.runtime.submit(envelope).turnId;
    } finally {
      early = this.captured;
      this.captured = null;
    }
    this.follow(turnId, chat, false);
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
    if (route?.channel !== this.options.channel || !route.chat || this.streams.has(turnId)) return;
    this.follow(turnId, this.options.toChat(route.chat), true);
  }

  private follow(turnId: string, chat: Chat, quiet: boolean): void {
    const stream = this.options.openStream({ chat, turnId, quiet });
    this.streams.set(turnId, stream);
    stream.start();
  }
}
