// The Bot API's shapes and rules the fake Telegram server (fake-telegram-server.ts) answers by:
// the call record, injected failures, the bot's info, reading a payload, error answers, and the
// entities Telegram detects in a user's text.
import type { SentFile } from "./fake-telegram-uploads.js";
import type { RecordedExchange } from "./recorded-exchange.js";
import type { TelegramEntity } from "./telegram-html.js";

/** One call the bot made, recorded when it was answered. */
export interface RecordedCall {
  method: string;
  payload: Record<string, unknown>;
  ok: boolean;
  /** When it was answered (Date.now()). */
  at: number;
  chatId?: number;
  messageId?: number;
  text?: string;
  parseMode?: string;
  errorCode?: number;
  description?: string;
  /** The file a sendPhoto or sendDocument carried, bytes as they arrived. */
  file?: SentFile;
}

export interface FakeFailure {
  code: number;
  description?: string;
  retryAfter?: number;
}

export interface UserSaysOptions {
  chatId: number;
  text: string;
  userId?: number;
  firstName?: string;
  chatType?: "private" | "group" | "supergroup";
  replyToBot?: boolean;
  entities?: TelegramEntity[];
  /** More message fields (a photo, a voice note); see `userSendsFile`. */
  extra?: Record<string, unknown>;
}

export const DEFAULT_BOT_INFO = {
  id: 4242,
  is_bot: true as const,
  first_name: "Kern",
  username: "kern_test_bot",
  can_join_groups: true,
  can_read_all_group_messages: false,
  supports_inline_queries: false,
  can_connect_to_business: false,
  has_main_web_app: false,
  has_topics_enabled: false,
  allows_users_to_create_topics: false,
  can_manage_bots: false,
  supports_join_request_queries: false,
};

/** What getMe answers (Telegram's field names). */
export type FakeBotInfo = typeof DEFAULT_BOT_INFO;

export type ApiResponse =
  | { ok: true; result: unknown }
  | { ok: false; error_code: number; description: string; parameters?: { retry_after: number } };

export interface WaitingPoll {
  offset: number;
  limit: number;
  answer(response: ApiResponse, recorded?: RecordedExchange): void;
}

/** A recorded Bot API answer as the fake's ApiResponse (for the call record). */
export function recordedAnswer(exchange: RecordedExchange): ApiResponse {
  const value: unknown = JSON.parse(exchange.body);
  if (typeof value !== "object" || value === null || !("ok" in value)) {
    throw new Error("fixture: a Bot API answer needs an `ok` field");
  }
  return value as ApiResponse;
}

export interface BotMessage {
  text: string;
  /** Text and entities: Telegram refuses an edit that changes neither. */
  contentKey: string;
}

export const MESSAGE_LIMIT = 4096;
export const NOT_MODIFIED =
  "message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message";

export function readNumber(payload: Record<string, unknown>, key: string): number | undefined {
  const value = payload[key];
  const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof number === "number" && !Number.isNaN(number) ? number : undefined;
}

export function readString(payload: Record<string, unknown>, key: string): string | undefined {
  const value = payload[key];
  return typeof value === "string" ? value : undefined;
}

export function badRequest(description: string): ApiResponse {
  return { ok: false, error_code: 400, description: `Bad Request: ${description}` };
}

export function failureResponse(failure: FakeFailure): ApiResponse {
  const descriptions: Record<number, string> = {
    400: "Bad Request: injected failure",
    401: "Unauthorized",
    404: "Not Found",
    409: "Conflict: terminated by other getUpdates request; make sure that only one bot instance is running",
    429: `Too Many Requests: retry after ${failure.retryAfter ?? 1}`,
    500: "Internal Server Error",
  };
  const description = failure.description ?? descriptions[failure.code] ?? "Injected failure";
  const response = { ok: false as const, error_code: failure.code, description };
  if (failure.code !== 429) return response;
  return { ...response, parameters: { retry_after: failure.retryAfter ?? 1 } };
}

/** Auto-detected entities of a user's text: a leading bot command and @mentions. */
export function detectEntities(text: string): TelegramEntity[] {
  const entities: TelegramEntity[] = [];
  const command = /^\/[A-Za-z0-9_]+(?:@[A-Za-z0-9_]+)?/.exec(text);
  if (command) entities.push({ type: "bot_command", offset: 0, length: command[0].length });
  const commandEnd = command ? command[0].length : 0;
  for (const mention of text.matchAll(/@[A-Za-z0-9_]{3,32}/g)) {
    if ((mention.index ?? 0) < commandEnd) continue;
    entities.push({ type: "mention", offset: mention.index ?? 0, length: mention[0].length });
  }
  return entities;
}
