// Shows one turn's reply in one chat (the channel kit, SPEC §17): "typing…" while the turn runs,
// the first text as a new message, later text as throttled edits of it, and at turn-end the whole
// reply rendered and split (first chunk edits the streamed message, the rest follow as new
// messages). `NO_REPLY` is held back until it cannot be the silent reply. Never throws.
import type { Clock, RuntimeEvent } from "../../kernel/index.js";
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { errorReply } from "./channel-texts.js";
import type { ReplyFormat, ReplyOutbox } from "./reply-outbox.js";

/** Stop the indicator after this long even if turn-end never comes (a lost event). */
const TYPING_MAX_MS = 10 * 60 * 1000;

type TurnEnd = Extract<RuntimeEvent, { type: "turn-end" }>;

export interface ReplyStreamOptions<Chat, MessageId> {
  outbox: ReplyOutbox<Chat, MessageId>;
  format: ReplyFormat;
  chat: Chat;
  turnId: string;
  logger: Logger;
  clock: Clock;
  /** The platform's name, in log lines. */
  channel: string;
  /** How often "typing…" is repeated (it fades after ~5 s on Telegram, ~10 s on Discord). */
  typingRepeatMs: number;
  /** An unattended turn (a job, a heartbeat): no "typing…", nothing shown until it ends. */
  quiet?: boolean;
}

/** The reply that means "nothing to say": kept in the log, delivered nowhere (SPEC §13). */
const SILENT_REPLY = "NO_REPLY";

/** True while `text` could still turn out to be the silent reply. */
function mayBeSilent(text: string): boolean {
  const trimmed = text.trim();
  return trimmed !== "" && SILENT_REPLY.startsWith(trimmed);
}

export class ReplyStream<Chat, MessageId> {
  private text = "";
  private messageId: MessageId | null = null;
  private shown = "";
  private previewQueued = false;
  private finished = false;
  private readonly commandTexts = new Set<string>();
  private typingTimer: NodeJS.Timeout | undefined;
  private typingUntil = 0;

  constructor(private readonly options: ReplyStreamOptions<Chat, MessageId>) {}

  /** Starts the typing indicator; call right after the turn was submitted. */
  start(): void {
    const { clock } = this.options;
    if (this.options.quiet) return;
    this.typingUntil = clock.now() + TYPING_MAX_MS;
    const tick = () => {
      if (this.finished || clock.now() > this.typingUntil) return this.stopTyping();
      void this.options.outbox.typing(this.options.chat);
    };
    tick();
    this.typingTimer = setInterval(tick, this.options.typingRepeatMs);
    this.typingTimer.unref();
  }

  /** Feeds one runtime event of this turn; returns true once the turn has ended. */
  handle(event: RuntimeEvent): boolean {
    if (this.finished) return true;
    if (event.type === "text-delta") this.onDelta(event.text);
    else if (event.type === "command-result") this.onCommandResult(event.text);
    else if (event.type === "turn-end") this.onTurnEnd(event);
    return this.finished;
  }

  /** Stops timers without delivering anything (the channel is stopping). */
  dispose(): void {
    this.finished = true;
    this.stopTyping();
  }

  private onDelta(delta: string): void {
    this.text += delta;
    if (this.previewQueued || this.options.quiet || mayBeSilent(this.text)) return;
    this.previewQueued = true;
    this.enqueue("preview", () => this.updatePreview());
  }

  private onCommandResult(text: string): void {
    this.commandTexts.add(text.trim());
    this.enqueue("command-result", () => this.options.outbox.sendMarkdown(this.options.chat, text));
  }

  private onTurnEnd(event: TurnEnd): void {
    this.finished = true;
    this.stopTyping();
    this.enqueue("turn-end", () => this.deliverFinal(event));
  }

  /** Shows the reply so far: the first chunk of its rendering, as a new message or an edit. */
  private async updatePreview(): Promise<void> {
    const { outbox, chat, format } = this.options;
    if (this.messageId !== null) await outbox.waitForEditSlot(chat);
    this.previewQueued = false; // deltas from now on need another preview
    if (this.finished) return; // the final delivery is queued right behind and does it all
    const preview = format.chunks(this.text)[0] ?? "";
    if (format.isBlank(preview) || preview === this.shown) return;
    if (this.messageId === null) this.messageId = await outbox.send(chat, preview);
    else if (!(await outbox.edit(chat, this.messageId, preview))) this.messageId = null;
    this.shown = preview;
  }

  private async deliverFinal(event: TurnEnd): Promise<void> {
    const { outbox, chat, format } = this.options;
    if (event.silent) return;
    const text = event.text.trim() === "" ? this.text : event.text;
    // A command's answer already went out as its command-result.
    const isCommandEcho =
      this.commandTexts.size > 0 &&
      (event.stopReason === "command" || this.commandTexts.has(text.trim()));
    if (text.trim() !== "" && !isCommandEcho) await this.deliverText(text);
    if (event.stopReason === "error") {
      await outbox.send(chat, format.plain(errorReply(event.error)));
    } else if (event.stopReason === "cancelled" && this.messageId === null) {
      await outbox.send(chat, format.plain("Cancelled."));
    }
  }

  private async deliverText(markdown: string): Promise<void> {
    const { outbox, chat, format } = this.options;
    const chunks = format.chunks(markdown).filter((chunk) => !format.isBlank(chunk));
    const [first, ...rest] = chunks;
    if (first === undefined) return;
    if (this.messageId === null) await outbox.send(chat, first);
    else if (first !== this.shown && !(await this.tryEdit(this.messageId, first))) {
      await outbox.send(chat, first);
    }
    // One chunk that cannot be sent must not cost the user the rest of the reply.
    for (const chunk of rest) {
      await outbox.send(chat, chunk).catch((error: unknown) => this.logFailure("chunk", error));
    }
  }

  /** Edits the streamed message; false when it is gone or the edit failed (send anew). */
  private async tryEdit(messageId: MessageId, chunk: string): Promise<boolean> {
    const { outbox, chat } = this.options;
    try {
      await outbox.waitForEditSlot(chat);
      return await outbox.edit(chat, messageId, chunk);
    } catch (error) {
      this.logFailure("final-edit", error);
      return false;
    }
  }

  private enqueue(step: string, task: () => Promise<void>): void {
    this.options.outbox.run(this.options.chat, task).catch((error: unknown) => {
      this.logFailure(step, error);
    });
  }

  private logFailure(step: string, error: unknown): void {
    const { chat, turnId, logger, channel } = this.options;
    logger.error(
      { chatId: chat, turnId, step, error: describeError(error) },
      `${channel} reply failed`,
    );
  }

  private stopTyping(): void {
    if (this.typingTimer) clearInterval(this.typingTimer);
    this.typingTimer = undefined;
  }
}
