// A fake Telegram Bot API (SG-30) on node:http, 127.0.0.1, port 0: the real grammY `Bot` talks to
// it. Records every call, long-polls getUpdates for real, checks HTML like Telegram does, and fails
// calls on request. Only the methods kern uses exist.
import { once } from "node:events";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import {
  type ApiResponse,
  type BotMessage,
  badRequest,
  DEFAULT_BOT_INFO,
  detectEntities,
  type FakeBotInfo,
  type FakeFailure,
  failureResponse,
  MESSAGE_LIMIT,
  NOT_MODIFIED,
  type RecordedCall,
  readNumber,
  readString,
  recordedAnswer,
  type UserSaysOptions,
  type WaitingPoll,
} from "./fake-telegram-api.js";
import { FakeTelegramFiles, type UserSendsFileOptions } from "./fake-telegram-files.js";
import { FILE_METHODS, fileRefusal, parseRequest, type SentFile } from "./fake-telegram-uploads.js";
import { type RecordedExchange, replayExchange } from "./recorded-exchange.js";
import { parseTelegramHtml } from "./telegram-html.js";

export type {
  FakeBotInfo,
  FakeFailure,
  RecordedCall,
  UserSaysOptions,
} from "./fake-telegram-api.js";
export type { SentFile } from "./fake-telegram-uploads.js";
export { parseTelegramHtml } from "./telegram-html.js";

export class FakeTelegram {
  readonly botInfo: FakeBotInfo;
  /** Files users sent, served through getFile and the download path. */
  readonly files = new FakeTelegramFiles();
  private readonly calls: RecordedCall[] = [];
  private readonly failures = new Map<string, FakeFailure[]>();
  private readonly replays = new Map<string, RecordedExchange[]>();
  private readonly listeners = new Set<(call: RecordedCall) => void>();
  private readonly polls = new Set<WaitingPoll>();
  private readonly pollWatchers: Array<() => void> = [];
  private readonly chats = new Map<number, { nextId: number; messages: Map<number, BotMessage> }>();
  private updates: Array<{ update_id: number } & Record<string, unknown>> = [];
  private nextUpdateId = 1;
  private readonly server = createServer((request, response) => {
    this.handle(request, response).catch((error: unknown) => {
      this.respond(response, { ok: false, error_code: 500, description: String(error) });
    });
  });

  constructor(
    readonly token: string,
    botInfo?: Partial<FakeBotInfo>,
  ) {
    const id = Number(token.split(":")[0]) || DEFAULT_BOT_INFO.id;
    this.botInfo = { ...DEFAULT_BOT_INFO, id, ...botInfo };
  }

  get apiRoot(): string {
    const address = this.server.address() as AddressInfo;
    return `http://127.0.0.1:${address.port}`;
  }

  async listen(port = 0): Promise<void> {
    this.server.listen(port, "127.0.0.1");
    await once(this.server, "listening");
  }

  /** A user writes to the bot; answers a waiting long poll at once. Returns the update. */
  userSays(options: UserSaysOptions): { update_id: number; message: Record<string, unknown> } {
    const chatType = options.chatType ?? "private";
    const chat =
      chatType === "private"
        ? { id: options.chatId, type: chatType, first_name: options.firstName ?? "Ann" }
        : { id: options.chatId, type: chatType, title: "Test group" };
    const userId = options.userId ?? options.chatId;
    const message: Record<string, unknown> = {
      message_id: this.nextMessageId(options.chatId),
      date: Math.floor(Date.now() / 1000),
      chat,
      from: { id: userId, is_bot: false, first_name: options.firstName ?? "Ann" },
      text: options.text,
    };
    const entities = options.entities ?? detectEntities(options.text);
    if (entities.length > 0 && options.text) message["entities"] = entities;
    if (!options.text) delete message["text"];
    Object.assign(message, options.extra);
    if (options.replyToBot) message["reply_to_message"] = this.lastBotMessage(options.chatId);
    const update = { update_id: this.nextUpdateId++, message };
    this.updates.push(update);
    for (const poll of [...this.polls]) {
      const ready = this.pendingUpdates(poll.offset, poll.limit);
      if (ready.length > 0) poll.answer({ ok: true, result: ready });
    }
    return update;
  }

  /**
   * A user presses an inline keyboard button under one of the bot's messages: a `callback_query`
   * update carrying the button's `data`. Returns the update.
   */
  userPresses(options: { chatId: number; userId?: number; messageId: number; data: string }) {
    const userId = options.userId ?? options.chatId;
    const callback_query = {
      id: `cq-${this.nextUpdateId}`,
      from: { id: userId, is_bot: false, first_name: "Ann" },
      chat_instance: `ci-${options.chatId}`,
      data: options.data,
      message: {
        message_id: options.messageId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: options.chatId, type: "private" },
        from: { id: this.botInfo.id, is_bot: true, first_name: this.botInfo.first_name },
        text: "",
      },
    };
    const update = { update_id: this.nextUpdateId++, callback_query };
    this.updates.push(update);
    for (const poll of [...this.polls]) {
      const ready = this.pendingUpdates(poll.offset, poll.limit);
      if (ready.length > 0) poll.answer({ ok: true, result: ready });
    }
    return update;
  }

  /** A user sends a photo, voice note, audio file or document (served through getFile). */
  userSendsFile(options: UserSendsFileOptions) {
    const extra = this.files.add(options);
    return this.userSays({ ...options, text: "", extra });
  }

  /** Calls of one method, in the order they were answered (failed ones included). */
  sent(method: string): RecordedCall[] {
    return this.calls.filter((call) => call.method === method);
  }

  /** Resolves with the first successful call of `method` matching `predicate`, past or future. */
  waitFor(
    method: string,
    predicate: (call: RecordedCall) => boolean = () => true,
    timeoutMs = 15_000,
  ): Promise<RecordedCall> {
    const matches = (call: RecordedCall) => call.method === method && call.ok && predicate(call);
    const found = this.calls.find(matches);
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const listener = (call: RecordedCall) => {
        if (!matches(call)) return;
        clearTimeout(timer);
        this.listeners.delete(listener);
        resolve(call);
      };
      const timer = setTimeout(() => {
        this.listeners.delete(listener);
        const seen = this.sent(method).map((call) => call.text ?? call.description);
        reject(new Error(`no matching ${method} in ${timeoutMs} ms; saw ${JSON.stringify(seen)}`));
      }, timeoutMs);
      this.listeners.add(listener);
    });
  }

  /** Calls `listener` with every call answered from now on; returns the unsubscribe function. */
  onCall(listener: (call: RecordedCall) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Resolves when the next getUpdates long poll starts waiting (call it before the request). */
  nextPoll(): Promise<void> {
    return new Promise((resolve) => this.pollWatchers.push(resolve));
  }

  /** The next call of `method` fails; a getUpdates poll already waiting fails at once. */
  failNext(method: string, failure: FakeFailure): void {
    const [poll] = this.polls;
    if (method === "getUpdates" && poll) {
      poll.answer(failureResponse(failure));
      return;
    }
    const queue = this.failures.get(method) ?? [];
    queue.push(failure);
    this.failures.set(method, queue);
  }

  /**
   * The next call of `method` gets a recorded answer (test/fixtures/wire/), verbatim; a getUpdates
   * poll already waiting gets it at once. Our own update ids continue after the recorded ones.
   */
  replayNext(method: string, exchange: RecordedExchange): void {
    const answer = recordedAnswer(exchange);
    if (answer.ok && Array.isArray(answer.result)) {
      for (const update of answer.result as Array<{ update_id?: number }>) {
        this.nextUpdateId = Math.max(this.nextUpdateId, (update.update_id ?? 0) + 1);
      }
    }
    const [poll] = this.polls;
    if (method === "getUpdates" && poll) poll.answer(answer, exchange);
    else this.replays.set(method, [...(this.replays.get(method) ?? []), exchange]);
  }

  /** The visible text of every message the bot sent to a chat, after edits, in order. */
  messages(chatId: number): string[] {
    const chat = this.chats.get(chatId);
    return chat ? [...chat.messages.values()].map((message) => message.text) : [];
  }

  async close(): Promise<void> {
    for (const poll of [...this.polls]) poll.answer({ ok: true, result: [] });
    this.server.closeAllConnections();
    this.server.close();
    await once(this.server, "close");
  }

  private async handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (this.files.serve(request.url ?? "", this.token, response)) return;
    const [, token, method = ""] = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(request.url ?? "") ?? [];
    const { payload, files } = await parseRequest(request);
    const replay = token === this.token ? this.replays.get(method)?.shift() : undefined;
    if (replay) return this.answer(response, method, payload, recordedAnswer(replay), replay);
    const failure =
      token === this.token ? this.failures.get(method)?.shift() : { code: token ? 401 : 404 };
    if (failure) return this.answer(response, method, payload, failureResponse(failure));
    if (method === "getUpdates") return this.getUpdates(response, payload);
    const sent = files.find((file) => file.field === FILE_METHODS[method]);
    this.answer(response, method, payload, this.call(method, payload, files), undefined, sent);
  }

  private call(
    method: string,
    payload: Record<string, unknown>,
    files: readonly SentFile[] = [],
  ): ApiResponse {
    switch (method) {
      case "getMe":
        return { ok: true, result: this.botInfo };
      case "deleteWebhook":
      case "sendChatAction":
      case "setMyCommands":
      case "answerCallbackQuery":
        return { ok: true, result: true };
      case "sendMessage":
        return this.sendMessage(payload);
      case "editMessageText":
        return this.editMessageText(payload);
      case "sendPhoto":
      case "sendDocument":
        return this.sendFile(method, payload, files);
      case "getFile": {
        const id = readString(payload, "file_id") ?? "";
        const file = this.files.getFile(id);
        if (file) return { ok: true, result: file };
        return { ok: true, result: { file_id: id, file_unique_id: id, file_path: `files/${id}` } };
      }
      default:
        return { ok: false, error_code: 404, description: "Not Found: method not found" };
    }
  }

  private getUpdates(response: ServerResponse, payload: Record<string, unknown>): void {
    const offset = readNumber(payload, "offset") ?? 0;
    const limit = readNumber(payload, "limit") ?? 100;
    const timeout = readNumber(payload, "timeout") ?? 0;
    if (offset > 0) this.updates = this.updates.filter((update) => update.update_id >= offset);
    // Telegram ends an older poll when a newer one arrives: that is the 409 a second poller sees.
    for (const poll of [...this.polls]) poll.answer(failureResponse({ code: 409 }));
    const ready = this.pendingUpdates(offset, limit);
    if (ready.length > 0 || timeout <= 0) {
      this.answer(response, "getUpdates", payload, { ok: true, result: ready });
      return;
    }
    const poll: WaitingPoll = {
      offset,
      limit,
      answer: (answer, recorded) => {
        if (!this.polls.delete(poll)) return;
        clearTimeout(timer);
        this.answer(response, "getUpdates", payload, answer, recorded);
      },
    };
    const timer = setTimeout(() => poll.answer({ ok: true, result: [] }), timeout * 1000);
    this.polls.add(poll);
    for (const wake of this.pollWatchers.splice(0)) wake();
    response.on("close", () => {
      // The client hung up (grammY aborts its poll on stop): forget the poll quietly.
      if (!response.writableEnded && this.polls.delete(poll)) clearTimeout(timer);
    });
  }

  private sendMessage(payload: Record<string, unknown>): ApiResponse {
    const chatId = readNumber(payload, "chat_id");
    if (chatId === undefined) return badRequest("chat not found");
    const parsed = this.parseText(payload);
    if ("error" in parsed) return parsed.error;
    const chat = this.chat(chatId);
    const messageId = this.nextMessageId(chatId);
    chat.messages.set(messageId, parsed.message);
    return { ok: true, result: this.messageResult(chatId, messageId, parsed.message.text) };
  }

  /** sendPhoto / sendDocument: the file must be there; a caption is checked like a text. */
  private sendFile(
    method: string,
    payload: Record<string, unknown>,
    files: readonly SentFile[],
  ): ApiResponse {
    const chatId = readNumber(payload, "chat_id");
    if (chatId === undefined) return badRequest("chat not found");
    const caption = readString(payload, "caption") ?? "";
    const refusal = fileRefusal(method, files, caption);
    if (refusal) return badRequest(refusal);
    if (readString(payload, "parse_mode") === "HTML") {
      const parsed = parseTelegramHtml(caption);
      if ("error" in parsed) return badRequest(`can't parse entities: ${parsed.error}`);
    }
    const messageId = this.nextMessageId(chatId);
    return { ok: true, result: this.messageResult(chatId, messageId, caption) };
  }

  private editMessageText(payload: Record<string, unknown>): ApiResponse {
    const chatId = readNumber(payload, "chat_id");
    const messageId = readNumber(payload, "message_id");
    const existing = this.chats.get(chatId ?? 0)?.messages.get(messageId ?? 0);
    if (chatId === undefined || messageId === undefined || !existing) {
      return badRequest("message to edit not found");
    }
    const parsed = this.parseText(payload);
    if ("error" in parsed) return parsed.error;
    if (parsed.message.contentKey === existing.contentKey) return badRequest(NOT_MODIFIED);
    this.chat(chatId).messages.set(messageId, parsed.message);
    return { ok: true, result: this.messageResult(chatId, messageId, parsed.message.text) };
  }

  private parseText(
    payload: Record<string, unknown>,
  ): { message: BotMessage } | { error: ApiResponse } {
    const raw = readString(payload, "text") ?? "";
    // Stricter than Telegram (which counts after entity parsing): the raw text must fit.
    if (raw.length > MESSAGE_LIMIT) return { error: badRequest("message is too long") };
    let message: BotMessage = { text: raw, contentKey: JSON.stringify([raw, []]) };
    if (readString(payload, "parse_mode") === "HTML") {
      const parsed = parseTelegramHtml(raw);
      if ("error" in parsed) return { error: badRequest(`can't parse entities: ${parsed.error}`) };
      message = { text: parsed.text, contentKey: JSON.stringify([parsed.text, parsed.entities]) };
    }
    if (message.text.trim() === "") return { error: badRequest("message text is empty") };
    return { message };
  }

  /** A Message object as the Bot API returns it for a message the bot sent. */
  private messageResult(chatId: number, messageId: number, text: string): Record<string, unknown> {
    const from = { id: this.botInfo.id, is_bot: true, first_name: this.botInfo.first_name };
    const chat = { id: chatId, type: chatId < 0 ? "group" : "private" };
    return { message_id: messageId, date: Math.floor(Date.now() / 1000), chat, from, text };
  }

  private lastBotMessage(chatId: number): Record<string, unknown> {
    const last = [...this.chat(chatId).messages.entries()].at(-1);
    return this.messageResult(chatId, last?.[0] ?? 1, last?.[1].text ?? "…");
  }

  private pendingUpdates(offset: number, limit: number) {
    return this.updates.filter((update) => update.update_id >= offset).slice(0, limit);
  }

  private chat(chatId: number) {
    const chat = this.chats.get(chatId) ?? { nextId: 1, messages: new Map<number, BotMessage>() };
    this.chats.set(chatId, chat);
    return chat;
  }

  /** Message ids count per chat, shared by the user's and the bot's messages. */
  private nextMessageId(chatId: number): number {
    return this.chat(chatId).nextId++;
  }

  private answer(
    response: ServerResponse,
    method: string,
    payload: Record<string, unknown>,
    answer: ApiResponse,
    recorded?: RecordedExchange,
    file?: SentFile,
  ): void {
    const sentMessage = answer.ok && method === "sendMessage" ? answer.result : undefined;
    const call: RecordedCall = {
      method,
      payload,
      ok: answer.ok,
      at: Date.now(),
      chatId: readNumber(payload, "chat_id"),
      messageId: readNumber({ ...payload, ...(sentMessage as object) }, "message_id"),
      text: readString(payload, "text"),
      parseMode: readString(payload, "parse_mode"),
      errorCode: answer.ok ? undefined : answer.error_code,
      description: answer.ok ? undefined : answer.description,
      ...(file ? { file } : {}),
    };
    this.calls.push(call);
    for (const listener of [...this.listeners]) listener(call);
    if (recorded && !response.writableEnded) replayExchange(response, recorded);
    else this.respond(response, answer);
  }

  private respond(response: ServerResponse, answer: ApiResponse): void {
    if (response.writableEnded || response.destroyed) return;
    const status = answer.ok ? 200 : answer.error_code;
    response.writeHead(status, { "content-type": "application/json" });
    response.end(JSON.stringify(answer));
  }
}

/** Starts a fake Bot API on 127.0.0.1 and a free port (or `port`). Close it in `afterEach`. */
export async function startFakeTelegram(
  options: { token?: string; botInfo?: Partial<FakeBotInfo>; port?: number } = {},
): Promise<FakeTelegram> {
  const fake = new FakeTelegram(options.token ?? "4242:TEST-fake-token", options.botInfo);
  await fake.listen(options.port);
  return fake;
}
