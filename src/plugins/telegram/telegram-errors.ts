// Classifies grammY failures (the API said no = GrammyError, the network failed = HttpError) and
// turns them into kern's ChannelError with a message that says how to fix the problem.
import { GrammyError, HttpError } from "grammy";
import { ChannelError, describeError } from "../../kernel/index.js";

function descriptionOf(error: unknown): string {
  return error instanceof GrammyError ? error.description : "";
}

/** Telegram refused our HTML (`can't parse entities`): resend as plain text. */
export function isParseEntitiesError(error: unknown): boolean {
  return descriptionOf(error).includes("can't parse entities");
}

/** The edit changed nothing; Telegram calls that an error, we call it done. */
export function isNotModifiedError(error: unknown): boolean {
  return descriptionOf(error).includes("message is not modified");
}

/** The message to edit is gone (deleted by the user, or too old): send a new one instead. */
export function isMessageGoneError(error: unknown): boolean {
  const description = descriptionOf(error);
  return (
    description.includes("message to edit not found") ||
    description.includes("message can't be edited")
  );
}

/** The error code of a failed call, when the Bot API answered. */
export function apiErrorCode(error: unknown): number | undefined {
  return error instanceof GrammyError ? error.error_code : undefined;
}

/** What went wrong and how to fix it, for a failure of polling or of a call. */
export function explainChannelError(error: unknown): string {
  const code = apiErrorCode(error);
  if (code === 409) {
    return "another process is polling this bot token (409 Conflict): stop the other kern daemon or bot that uses TELEGRAM_BOT_TOKEN; kern keeps retrying";
  }
  if (code === 401 || code === 404) {
    return `Telegram rejected the bot token (${code}): check TELEGRAM_BOT_TOKEN in .kern/.env, then restart`;
  }
  if (error instanceof HttpError) {
    return `the Telegram Bot API is unreachable (${error.message}): check the network, or telegram.apiRoot in .kern/config.json / KERN_TELEGRAM_API_ROOT`;
  }
  return `Telegram call failed: ${describeError(error)}`;
}

/** Wraps any failure of a Telegram call as a ChannelError (API refusal or network failure). */
export function toChannelError(error: unknown): ChannelError {
  if (error instanceof ChannelError) return error;
  const code = error instanceof HttpError ? "KERN_CHANNEL_NETWORK" : "KERN_CHANNEL_API";
  return new ChannelError(code, explainChannelError(error), { cause: error });
}
