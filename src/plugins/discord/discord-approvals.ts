// Approvals on Discord (SPEC §16), on the channel kit's ChannelApprovals: a request is a message
// with Approve / Deny buttons in each operator's chat; a press answers the presser privately; the
// outcome replaces the text and removes the buttons.
import {
  ActionRowBuilder,
  ButtonBuilder,
  ButtonStyle,
  type Interaction,
  MessageFlags,
} from "discord.js";
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import {
  type ApprovalPrompts,
  approvalButtons,
  ChannelApprovals,
  type RuntimeApi,
} from "../../runtime/index.js";
import { DISCORD_FORMAT } from "./discord-format.js";
import type { DiscordOutbox } from "./discord-outbox.js";
import { DISCORD } from "./to-discord-envelope.js";

interface SentRequest {
  chat: string;
  messageId: string;
}

function discordPrompts(outbox: DiscordOutbox): ApprovalPrompts<string, SentRequest> {
  return {
    async ask(chat, text, approvalId) {
      const data = approvalButtons(approvalId);
      const row = new ActionRowBuilder<ButtonBuilder>().addComponents(
        new ButtonBuilder()
          .setCustomId(data.approve)
          .setLabel("Approve")
          .setStyle(ButtonStyle.Success),
        new ButtonBuilder().setCustomId(data.deny).setLabel("Deny").setStyle(ButtonStyle.Danger),
      );
      const message = await outbox.run(chat, async () =>
        (await outbox.channel(chat)).send({
          content: DISCORD_FORMAT.plain(text),
          components: [row],
          allowedMentions: { parse: [] },
        }),
      );
      return { chat, messageId: message.id };
    },
    async tell({ chat, messageId }, text) {
      await outbox.run(chat, async () => {
        const channel = await outbox.channel(chat);
        await channel.messages.edit(messageId, {
          content: DISCORD_FORMAT.plain(text),
          components: [],
        });
      });
    },
  };
}

export function createDiscordApprovals(options: {
  outbox: DiscordOutbox;
  runtime: Pick<RuntimeApi, "subscribe" | "pairing" | "approvals">;
  logger: Logger;
}): ChannelApprovals<string, SentRequest> {
  return new ChannelApprovals({
    channel: DISCORD,
    runtime: options.runtime,
    logger: options.logger,
    toChat: (chatId) => chatId,
    prompts: discordPrompts(options.outbox),
  });
}

/** A button press: decided when an operator pressed it; the presser alone sees the answer. */
export async function onDiscordPress(
  approvals: ChannelApprovals<string, SentRequest>,
  interaction: Interaction,
  logger: Logger,
): Promise<void> {
  if (!interaction.isButton()) return;
  const answer = await approvals.onPress({
    userId: interaction.user.id,
    data: interaction.customId,
  });
  try {
    await interaction.reply({
      content: answer || "Not a kern button.",
      flags: MessageFlags.Ephemeral,
    });
  } catch (error) {
    logger.warn({ error: describeError(error) }, "discord button answer failed");
  }
}
