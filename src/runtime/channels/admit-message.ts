// What happens to one inbound chat message once a platform has made its envelope (the channel
// kit, SPEC §16–17): an unknown sender gets a pairing code (nothing reaches the runtime), a
// greeting command is answered, and a member's or operator's message — with its file taken in —
// is submitted as a turn with the sender's role. Never throws: failures are the bot's reply.
import type { InboundEnvelope, MediaAttachment } from "../../kernel/index.js";
import { describeError, isKernError, KernError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { RuntimeApi } from "../runtime-api.js";
import type { AttachmentIntake } from "./attachment-intake.js";
import { errorReply, greetingReply, pairingReply } from "./channel-texts.js";
import type { TurnRouter } from "./turn-router.js";

/** A message's file as the platform hands it over: take it in, or say why it could not be. */
export interface InboundFile {
  /** Downloads the file (refusing more than `maxBytes`) and hands it to intake. */
  takeIn(
    intake: AttachmentIntake,
    maxBytes: number,
  ): Promise<{ text: string; attachments: MediaAttachment[]; caption: string }>;
  /** The message's text when the file could not be taken in (its line, why, the caption). */
  unreadText(error: unknown): string;
}

export interface AdmitMessageOptions<Chat> {
  channel: string;
  runtime: Pick<RuntimeApi, "pairing" | "intake">;
  router: Pick<TurnRouter<Chat>, "submit">;
  logger: Logger;
  chat: Chat;
  /** The message: `user` (the sender) and `channel` (the chat) set. */
  envelope: InboundEnvelope & { user: string; channel: string };
  /** A greeting command (`/start`): a paired user is greeted, nothing is submitted. */
  isStart: boolean;
  file: InboundFile | null;
  /** Sends one of the bot's own plain texts to the chat; never throws. */
  reply(text: string): void;
}

/** Handles one message. Resolves once it is queued: the reply streams in the background. */
export async function admitMessage<Chat>(options: AdmitMessageOptions<Chat>): Promise<void> {
  const { runtime, logger, envelope, channel, isStart } = options;
  const name = envelope.name ?? envelope.user;
  const role = await runtime.pairing.roleOf(channel, envelope.user);
  if (role === null) {
    const pending = await runtime.pairing.request({
      channel,
      userId: envelope.user,
      chatId: envelope.channel,
      name,
    });
    logger.info(
      { userId: envelope.user, chatId: envelope.channel, code: pending.code },
      `unpaired ${channel} user`,
    );
    options.reply(pairingReply({ name, code: pending.code, isStart }));
    return;
  }
  if (isStart) return options.reply(greetingReply(name));
  logger.debug(
    { userId: envelope.user, chatId: envelope.channel, length: envelope.text.length },
    `${channel} message`,
  );
  try {
    if (options.file) Object.assign(envelope, await takeInOrSayWhy(options, options.file));
    options.router.submit({ ...envelope, role }, options.chat);
  } catch (error) {
    logger.error(
      { chatId: envelope.channel, error: describeError(error) },
      `runtime refused a ${channel} message`,
    );
    const code = isKernError(error) ? error.code : "unexpected";
    options.reply(errorReply({ code, message: describeError(error) }));
  }
}

/**
 * The message's file taken in; one that cannot be (unsupported, too large, not downloaded) with a
 * caption still reaches the turn as the caption and why the file is missing (issue 48 item 13:
 * the caption was dropped). Without a caption the error is the bot's reply.
 */
async function takeInOrSayWhy<Chat>(options: AdmitMessageOptions<Chat>, file: InboundFile) {
  try {
    const intake = options.runtime.intake;
    if (!intake) throw new KernError("KERN_MEDIA_UNSUPPORTED", "this daemon does not take files");
    return await file.takeIn(intake, Math.max(...Object.values(intake.store.limits)));
  } catch (error) {
    if (!options.envelope.text.trim()) throw error;
    options.logger.warn({ error: describeError(error) }, `${options.channel} file not taken in`);
    return { text: file.unreadText(error) };
  }
}
