// Approvals on Telegram (SPEC §16): each call that waits for the operator's yes is sent to every
// operator's chat with Approve / Deny buttons; a press by an operator decides it (anyone else's
// is refused, nothing decided), and once decided — here, in another interface, or by the
// timeout — each of those messages says how it ended and loses its buttons.
import type { Api } from "grammy";
import { type ApprovalView, describeError, type RuntimeEvent } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { approvalRequestText, type RuntimeApi } from "../../runtime/index.js";
import { escapeHtml } from "./escape-html.js";
import type { TelegramOutbox } from "./telegram-outbox.js";
import { TELEGRAM } from "./to-envelope.js";

const DATA = /^kern:(approve|deny):([a-z0-9-]{1,40})$/;

export interface TelegramApprovalsOptions {
  api: Api;
  outbox: TelegramOutbox;
  runtime: Pick<RuntimeApi, "subscribe" | "pairing" | "approvals">;
  logger: Logger;
}

/** A button press as grammY hands it over: who, on which message, which button. */
export interface ApprovalPress {
  fromId: number;
  data: string;
  answer(text: string): Promise<unknown>;
}

export class TelegramApprovals {
  /** The request messages sent, per approval id: where to say how it ended. */
  private readonly sent = new Map<string, Array<{ chatId: number; messageId: number }>>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: TelegramApprovalsOptions) {}

  attach(): void {
    this.unsubscribe ??= this.options.runtime.subscribe((event) => this.onEvent(event));
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** Decides the approval a button names, when an operator pressed it. */
  async onPress(press: ApprovalPress): Promise<void> {
    const match = DATA.exec(press.data);
    if (!match) return void (await press.answer(""));
    const [, action, id = ""] = match;
    const role = await this.options.runtime.pairing.roleOf(TELEGRAM, String(press.fromId));
    if (role !== "operator") {
      await press.answer("Only the operator decides approvals.");
      return;
    }
    try {
      const view = await this.options.runtime.approvals.decide(id, {
        approve: action === "approve",
        by: `operator telegram:${press.fromId}`,
      });
      await press.answer(`${view.tool}: ${view.state}`);
    } catch (error) {
      await press.answer(describeError(error).slice(0, 180));
    }
  }

  private onEvent(event: RuntimeEvent): void {
    const work =
      event.type === "approval-request"
        ? this.ask(event.approval)
        : event.type === "approval-end"
          ? this.tell(event.approval)
          : null;
    work?.catch((error: unknown) =>
      this.options.logger.warn({ error: describeError(error) }, "telegram approval message failed"),
    );
  }

  private async ask(approval: ApprovalView): Promise<void> {
    const { paired } = await this.options.runtime.pairing.list();
    const operators = paired.filter(
      (user) => user.channel === TELEGRAM && user.role === "operator",
    );
    const keyboard = {
      inline_keyboard: [
        [
          { text: "Approve", callback_data: `kern:approve:${approval.id}` },
          { text: "Deny", callback_data: `kern:deny:${approval.id}` },
        ],
      ],
    };
    const text = escapeHtml(approvalRequestText(approval));
    for (const user of operators) {
      const chatId = Number(user.chatId);
      const message = await this.options.outbox.run(chatId, () =>
        this.options.api.sendMessage(chatId, text, { parse_mode: "HTML", reply_markup: keyboard }),
      );
      this.sent.set(approval.id, [
        ...(this.sent.get(approval.id) ?? []),
        { chatId, messageId: message.message_id },
      ]);
    }
  }

  private async tell(approval: ApprovalView): Promise<void> {
    const messages = this.sent.get(approval.id) ?? [];
    this.sent.delete(approval.id);
    const outcome = `${approval.tool} (${approval.id}): ${approval.state}${approval.decidedBy ? ` by ${approval.decidedBy}` : ""}`;
    for (const { chatId, messageId } of messages)
      await this.options.outbox.run(chatId, () =>
        this.options.api.editMessageText(chatId, messageId, escapeHtml(outcome), {
          parse_mode: "HTML",
        }),
      );
  }
}
