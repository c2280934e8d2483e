// Approvals on Telegram (SPEC §16), on the channel kit's ChannelApprovals: a request is a message
// with an inline keyboard (Approve / Deny as callback data) in each operator's chat; its outcome
// replaces the text and drops the keyboard.
import type { Api } from "grammy";
import type { Logger } from "../../log/index.js";
import {
  type ApprovalPrompts,
  approvalButtons,
  ChannelApprovals,
  type RuntimeApi,
} from "../../runtime/index.js";
import { escapeHtml } from "./escape-html.js";
import type { TelegramOutbox } from "./telegram-outbox.js";
import { TELEGRAM } from "./to-envelope.js";

export interface TelegramApprovalsOptions {
  api: Api;
  outbox: TelegramOutbox;
  runtime: Pick<RuntimeApi, "subscribe" | "pairing" | "approvals">;
  logger: Logger;
}

interface SentRequest {
  chatId: number;
  messageId: number;
}

function telegramPrompts(api: Api, outbox: TelegramOutbox): ApprovalPrompts<number, SentRequest> {
  return {
    async ask(chatId, text, approvalId) {
      const data = approvalButtons(approvalId);
      const keyboard = {
        inline_keyboard: [
          [
            { text: "Approve", callback_data: data.approve },
            { text: "Deny", callback_data: data.deny },
          ],
        ],
      };
      const message = await outbox.run(chatId, () =>
        api.sendMessage(chatId, escapeHtml(text), { parse_mode: "HTML", reply_markup: keyboard }),
      );
      return { chatId, messageId: message.message_id };
    },
    async tell({ chatId, messageId }, text) {
      await outbox.run(chatId, () =>
        api.editMessageText(chatId, messageId, escapeHtml(text), { parse_mode: "HTML" }),
      );
    },
  };
}

export function createTelegramApprovals(
  options: TelegramApprovalsOptions,
): ChannelApprovals<number, SentRequest> {
  return new ChannelApprovals({
    channel: TELEGRAM,
    runtime: options.runtime,
    logger: options.logger,
    toChat: Number,
    prompts: telegramPrompts(options.api, options.outbox),
  });
}
