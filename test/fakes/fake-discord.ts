// A local fake of Discord that unmodified discord.js connects to (as the Telegram tests use a fake
// Bot API): one HTTP server on 127.0.0.1 port 0 with the REST API under `/api` and the gateway
// WebSocket at `/gateway`. What it covers:
// - REST v10: GET /gateway/bot (the gateway URL), GET /users/@me, GET /channels/:id,
//   POST /channels/:id/messages (JSON or multipart with files), PATCH /channels/:id/messages/:mid,
//   POST /channels/:id/typing, POST /interactions/:id/:token/callback; every call is recorded
//   with its parsed body; the bot token is checked (401 otherwise).
// - Gateway v10, JSON, no compression: HELLO, IDENTIFY → READY (one guild, unavailable) and its
//   GUILD_CREATE with one text channel, heartbeats acknowledged, and the dispatches a test makes:
//   MESSAGE_CREATE (DMs and the guild channel, attachments served from /files/, voice messages
//   with their flag and duration) and INTERACTION_CREATE (a button press).
// Not covered: resume, sharding, rate-limit headers, zlib, voice channels, opening a DM by user
// id (POST /users/@me/channels: kern writes to the DM channel a user wrote from), the rest.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { type WebSocket, WebSocketServer } from "ws";

const BOT_ID = "900000000000000001";
const GUILD_ID = "900000000000000100";
export const GUILD_CHANNEL_ID = "900000000000000200";

export interface DiscordCall {
  method: string;
  path: string;
  body: Record<string, unknown>;
  /** The message text a send or edit carries. */
  content?: string;
  /** Names of files a multipart send carried. */
  files: string[];
  /** The id of the message a send made or an edit changed. */
  messageId?: string;
}

interface FakeUser {
  id: string;
  name: string;
}

export class FakeDiscord {
  readonly token = "fake-discord-token.XYZ";
  readonly calls: DiscordCall[] = [];
  readonly identifies: Array<Record<string, unknown>> = [];
  private readonly sockets = new Set<WebSocket>();
  private readonly files = new Map<string, { bytes: Uint8Array; type: string }>();
  private readonly dmOf = new Map<string, FakeUser>();
  private readonly messageTexts = new Map<string, string>();
  private readonly listeners = new Set<() => void>();
  private sequence = 0;
  private nextId = 1_000_000;
  private readonly wss = new WebSocketServer({ noServer: true });

  constructor(private readonly server: Server) {
    server.on("request", (req, res) => void this.handle(req, res));
    server.on("upgrade", (req, socket, head) => {
      this.wss.handleUpgrade(req, socket, head, (ws) => this.onSocket(ws));
    });
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  get apiRoot(): string {
    return `${this.url}/api`;
  }

  /** Resolves once a client has identified and is READY. */
  async connected(): Promise<void> {
    await this.waitUntil(() => this.identifies.length > 0);
  }

  /** A user writes to the bot in a DM; returns the DM channel id. */
  userSaysDm(user: FakeUser, text: string, extra: Record<string, unknown> = {}): string {
    const channelId = `8${user.id.slice(1)}`;
    this.dmOf.set(channelId, user);
    this.dispatch("MESSAGE_CREATE", this.message(channelId, user, text, extra));
    return channelId;
  }

  /** A user writes in the guild channel (`mention` puts `<@bot>` in front). */
  userSaysInGuild(user: FakeUser, text: string, options: { mention: boolean; channelId?: string }) {
    const content = options.mention ? `<@${BOT_ID}> ${text}` : text;
    const message = this.message(options.channelId ?? GUILD_CHANNEL_ID, user, content, {
      guild_id: GUILD_ID,
      member: { roles: [], joined_at: new Date().toISOString(), deaf: false, mute: false },
      mentions: options.mention
        ? [{ ...this.userObject({ id: BOT_ID, name: "kern" }), bot: true }]
        : [],
    });
    this.dispatch("MESSAGE_CREATE", message);
  }

  /** A user sends a file in a DM (served from /files/NAME). */
  userSendsFileDm(
    user: FakeUser,
    file: { name: string; type: string; bytes: Uint8Array; voiceSeconds?: number },
    caption = "",
  ) {
    this.files.set(file.name, { bytes: file.bytes, type: file.type });
    const attachment = {
      id: this.id(),
      filename: file.name,
      size: file.bytes.length,
      url: `${this.url}/files/${file.name}`,
      proxy_url: `${this.url}/files/${file.name}`,
      content_type: file.type,
      // A voice message: Discord gives its length and a waveform, and flags the message.
      ...(file.voiceSeconds !== undefined
        ? { duration_secs: file.voiceSeconds, waveform: "AAAA" }
        : {}),
    };
    const flags = file.voiceSeconds !== undefined ? { flags: 1 << 13 } : {};
    return this.userSaysDm(user, caption, { attachments: [attachment], ...flags });
  }

  /** A user presses a button of a bot message in a DM. */
  userPresses(user: FakeUser, channelId: string, messageId: string, customId: string): void {
    this.dispatch("INTERACTION_CREATE", {
      id: this.id(),
      application_id: BOT_ID,
      type: 3,
      token: `interaction-token-${this.nextId}`,
      version: 1,
      channel_id: channelId,
      channel: { id: channelId, type: 1 },
      user: this.userObject(user),
      message: this.message(
        channelId,
        { id: BOT_ID, name: "kern" },
        this.messageTexts.get(messageId) ?? "",
        { id: messageId },
      ),
      data: { custom_id: customId, component_type: 2 },
      app_permissions: "0",
      locale: "en-US",
      entitlements: [],
      authorizing_integration_owners: {},
      attachment_size_limit: 10_000_000,
    });
  }

  /** Calls of a method and path pattern, in order. */
  sent(method: string, path: RegExp): DiscordCall[] {
    return this.calls.filter((call) => call.method === method && path.test(call.path));
  }

  /** Resolves with the first call (past or future) that matches. */
  async waitForCall(
    method: string,
    path: RegExp,
    match: (call: DiscordCall) => boolean = () => true,
  ) {
    let found: DiscordCall | undefined;
    await this.waitUntil(() => {
      found = this.sent(method, path).find(match);
      return found !== undefined;
    });
    return found as DiscordCall;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.terminate();
    this.wss.close();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private waitUntil(check: () => boolean): Promise<void> {
    if (check()) return Promise.resolve();
    return new Promise((resolve) => {
      const listener = () => {
        if (!check()) return;
        this.listeners.delete(listener);
        resolve();
      };
      this.listeners.add(listener);
    });
  }

  private changed(): void {
    for (const listener of [...this.listeners]) listener();
  }

  private id(): string {
    this.nextId += 1;
    return `95${String(this.nextId).padStart(16, "0")}`;
  }

  private userObject(user: FakeUser) {
    return {
      id: user.id,
      username: user.name.toLowerCase(),
      global_name: user.name,
      discriminator: "0",
      avatar: null,
    };
  }

  private message(
    channelId: string,
    author: FakeUser,
    content: string,
    extra: Record<string, unknown>,
  ) {
    return {
      id: this.id(),
      channel_id: channelId,
      author: { ...this.userObject(author), ...(author.id === BOT_ID ? { bot: true } : {}) },
      content,
      timestamp: new Date().toISOString(),
      edited_timestamp: null,
      tts: false,
      mention_everyone: false,
      mentions: [],
      mention_roles: [],
      attachments: [],
      embeds: [],
      pinned: false,
      type: 0,
      flags: 0,
      // Discord names the channel's type on MESSAGE_CREATE: 1 = a DM (discord.js needs it to make
      // the partial DM channel), 0 = a server text channel.
      channel_type: "guild_id" in extra ? 0 : 1,
      ...extra,
    };
  }

  private dispatch(event: string, data: unknown): void {
    this.sequence += 1;
    const packet = JSON.stringify({ op: 0, t: event, s: this.sequence, d: data });
    for (const socket of this.sockets) socket.send(packet);
  }

  private onSocket(ws: WebSocket): void {
    this.sockets.add(ws);
    ws.on("close", () => this.sockets.delete(ws));
    ws.send(JSON.stringify({ op: 10, d: { heartbeat_interval: 41_250 } }));
    ws.on("message", (raw) => {
      const packet = JSON.parse(String(raw)) as { op: number; d: Record<string, unknown> };
      if (packet.op === 1) ws.send(JSON.stringify({ op: 11 }));
      if (packet.op === 2) this.onIdentify(ws, packet.d);
    });
  }

  private onIdentify(ws: WebSocket, identify: Record<string, unknown>): void {
    if (identify["token"] !== this.token) {
      ws.close(4004, "Authentication failed.");
      return;
    }
    this.sequence += 1;
    ws.send(
      JSON.stringify({
        op: 0,
        t: "READY",
        s: this.sequence,
        d: {
          v: 10,
          user: { ...this.userObject({ id: BOT_ID, name: "kern" }), bot: true },
          guilds: [{ id: GUILD_ID, unavailable: true }],
          session_id: "fake-session",
          resume_gateway_url: `${this.url.replace("http", "ws")}/gateway`,
          application: { id: BOT_ID, flags: 0 },
        },
      }),
    );
    this.dispatch("GUILD_CREATE", {
      id: GUILD_ID,
      name: "Fake guild",
      icon: null,
      owner_id: "1",
      unavailable: false,
      member_count: 2,
      large: false,
      joined_at: new Date().toISOString(),
      features: [],
      roles: [
        {
          id: GUILD_ID,
          name: "@everyone",
          permissions: "3072",
          position: 0,
          color: 0,
          hoist: false,
          managed: false,
          mentionable: false,
          flags: 0,
        },
      ],
      emojis: [],
      stickers: [],
      members: [],
      presences: [],
      voice_states: [],
      threads: [],
      stage_instances: [],
      guild_scheduled_events: [],
      soundboard_sounds: [],
      channels: [
        {
          id: GUILD_CHANNEL_ID,
          type: 0,
          name: "general",
          guild_id: GUILD_ID,
          position: 0,
          permission_overwrites: [],
        },
      ],
    });
    this.identifies.push(identify);
    this.changed();
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? "/", this.url);
    const body = await readBody(req);
    if (url.pathname.startsWith("/files/")) return this.serveFile(url.pathname.slice(7), res);
    if (
      req.headers.authorization !== `Bot ${this.token}` &&
      !url.pathname.includes("/interactions/")
    ) {
      return json(res, 401, { message: "401: Unauthorized", code: 0 });
    }
    const path = url.pathname.replace(/^\/api\/v10/, "");
    const parsed = parseBody(req, body);
    const call: DiscordCall = { method: req.method ?? "GET", path, ...parsed };
    this.calls.push(call);
    this.changed();
    this.answer(call, res);
  }

  private answer(call: DiscordCall, res: ServerResponse) {
    const { method, path } = call;
    if (path === "/gateway/bot") {
      return json(res, 200, {
        url: `${this.url.replace("http", "ws")}/gateway`,
        shards: 1,
        session_start_limit: { total: 1000, remaining: 999, reset_after: 0, max_concurrency: 1 },
      });
    }
    if (path === "/users/@me")
      return json(res, 200, { ...this.userObject({ id: BOT_ID, name: "kern" }), bot: true });
    let match = /^\/channels\/(\d+)$/.exec(path);
    if (match && method === "GET") return json(res, 200, this.channelObject(match[1] ?? ""));
    match = /^\/channels\/(\d+)\/messages$/.exec(path);
    if (match && method === "POST")
      return json(res, 200, this.storeMessage(match[1] ?? "", this.id(), call));
    match = /^\/channels\/(\d+)\/messages\/(\d+)$/.exec(path);
    if (match && method === "PATCH")
      return json(res, 200, this.storeMessage(match[1] ?? "", match[2] ?? "", call));
    if (/^\/channels\/\d+\/typing$/.test(path)) return void res.writeHead(204).end();
    if (/^\/interactions\/\d+\/[^/]+\/callback$/.test(path)) return void res.writeHead(204).end();
    json(res, 404, { message: "404: Not Found", code: 0 });
  }

  private storeMessage(channelId: string, id: string, call: DiscordCall) {
    this.messageTexts.set(id, call.content ?? "");
    call.messageId = id;
    return {
      ...this.message(channelId, { id: BOT_ID, name: "kern" }, call.content ?? "", {}),
      id,
      components: call.body["components"] ?? [],
    };
  }

  private channelObject(id: string) {
    if (id === GUILD_CHANNEL_ID)
      return {
        id,
        type: 0,
        name: "general",
        guild_id: GUILD_ID,
        position: 0,
        permission_overwrites: [],
      };
    const user = this.dmOf.get(id);
    return { id, type: 1, recipients: user ? [this.userObject(user)] : [], last_message_id: null };
  }

  private serveFile(name: string, res: ServerResponse) {
    const file = this.files.get(decodeURIComponent(name));
    if (!file) return json(res, 404, { message: "no file" });
    res
      .writeHead(200, { "content-type": file.type, "content-length": file.bytes.length })
      .end(Buffer.from(file.bytes));
  }
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of req) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

/** A JSON body, or a multipart one (`payload_json` and files). */
function parseBody(
  req: IncomingMessage,
  raw: Buffer,
): { body: Record<string, unknown>; content?: string; files: string[] } {
  const type = req.headers["content-type"] ?? "";
  let body: Record<string, unknown> = {};
  const files: string[] = [];
  if (type.startsWith("application/json") && raw.length > 0) {
    body = JSON.parse(raw.toString("utf8")) as Record<string, unknown>;
  } else if (type.startsWith("multipart/form-data")) {
    const text = raw.toString("latin1");
    const payload = /name="payload_json"\r\n(?:[^\r\n]*\r\n)*\r\n([\s\S]*?)\r\n--/.exec(text);
    if (payload?.[1])
      body = JSON.parse(Buffer.from(payload[1], "latin1").toString("utf8")) as Record<
        string,
        unknown
      >;
    for (const file of text.matchAll(/name="files\[\d+\]"; filename="([^"]*)"/g))
      files.push(file[1] ?? "");
  }
  const content = typeof body["content"] === "string" ? body["content"] : undefined;
  return { body, files, ...(content !== undefined ? { content } : {}) };
}

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(value));
}

export async function startFakeDiscord(): Promise<FakeDiscord> {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  return new FakeDiscord(server);
}
