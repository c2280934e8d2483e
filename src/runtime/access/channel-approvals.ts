// Approvals on a chat channel (the channel kit, SPEC §16): each call that waits for the operator's
// yes is sent to every operator of the channel with Approve / Deny buttons; a press by an operator
// decides it (anyone else's is refused, nothing decided), and once decided — there, in another
// interface, or by the timeout — each of those messages says how it ended and loses its buttons.
// The platform sends and edits the messages; this decides what they say and who may press.
import { type ApprovalView, describeError, type RuntimeEvent } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { RuntimeApi } from "../runtime-api.js";
import { requestText } from "./approval-texts.js";

/** A button's data: `kern:approve:ID` / `kern:deny:ID` (fits Telegram's 64 bytes). */
const DATA = /^kern:(approve|deny):([a-z0-9-]{1,40})$/;

/** The data of an approval's two buttons. */
export function approvalButtons(id: string): { approve: string; deny: string } {
  return { approve: `kern:approve:${id}`, deny: `kern:deny:${id}` };
}

/** How a platform shows approval requests: a message with the two buttons, then its outcome. */
export interface ApprovalPrompts<Chat, Sent> {
  /** Sends `text` with Approve / Deny buttons carrying `approvalButtons(id)` to the chat. */
  ask(chat: Chat, text: string, approvalId: string): Promise<Sent>;
  /** Replaces a sent request with its outcome, without buttons. */
  tell(sent: Sent, text: string): Promise<void>;
}

export interface ChannelApprovalsOptions<Chat, Sent> {
  channel: string;
  runtime: Pick<RuntimeApi, "subscribe" | "pairing" | "approvals">;
  prompts: ApprovalPrompts<Chat, Sent>;
  /** A paired user's chat id as pairing records it → the platform's chat. */
  toChat(chatId: string): Chat;
  logger: Logger;
}

export class ChannelApprovals<Chat, Sent> {
  /** The request messages sent, per approval id: where to say how it ended. */
  private readonly sent = new Map<string, Sent[]>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly options: ChannelApprovalsOptions<Chat, Sent>) {}

  attach(): void {
    this.unsubscribe ??= this.options.runtime.subscribe((event) => this.onEvent(event));
  }

  detach(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /**
   * Decides the approval a button names when an operator pressed it; the short answer to show
   * the presser ("" for a button that is not ours).
   */
  async onPress(press: { userId: string; data: string }): Promise<string> {
    const match = DATA.exec(press.data);
    if (!match) return "";
    const [, action, id = ""] = match;
    const { channel, runtime } = this.options;
    const role = await runtime.pairing.roleOf(channel, press.userId);
    if (role !== "operator") return "Only the operator decides approvals.";
    try {
      const view = await runtime.approvals.decide(id, {
        approve: action === "approve",
        by: `operator ${channel}:${press.userId}`,
      });
      return `${view.tool}: ${view.state}`;
    } catch (error) {
      return describeError(error).slice(0, 180);
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
      this.options.logger.warn(
        { error: describeError(error) },
        `${this.options.channel} approval message failed`,
      ),
    );
  }

  private async ask(approval: ApprovalView): Promise<void> {
    const { runtime, channel, prompts } = this.options;
    const { paired } = await runtime.pairing.list();
    const operators = paired.filter((user) => user.channel === channel && user.role === "operator");
    const text = requestText(approval);
    for (const user of operators) {
      const sent = await prompts.ask(this.options.toChat(user.chatId), text, approval.id);
      this.sent.set(approval.id, [...(this.sent.get(approval.id) ?? []), sent]);
    }
  }

  private async tell(approval: ApprovalView): Promise<void> {
    const messages = this.sent.get(approval.id) ?? [];
    this.sent.delete(approval.id);
    const by = approval.decidedBy ? ` by ${approval.decidedBy}` : "";
    const outcome = `${approval.tool} (${approval.id}): ${approval.state}${by}`;
    for (const sent of messages) await this.options.prompts.tell(sent, outcome);
  }
}
