// Builds the daemon's HTTP server: the JSON API of SPEC §8, the SSE event stream and the web
// page. The only place fastify is constructed; callers see the small WebServer shape only.
import type { AddressInfo } from "node:net";
import Fastify, { type FastifyBaseLogger, LogController } from "fastify";
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from "fastify-type-provider-zod";
import { type Clock, SYSTEM_CLOCK } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { MAX_BODY_BYTES, SESSION_COOKIE } from "../../protocol/index.js";
import type { RuntimeApi } from "../../runtime/runtime-api.js";
import { DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS, guardConnections } from "./connection-guard.js";
import { installRequestGuards, installRequestLog } from "./request-guards.js";
import { registerApprovalRoutes } from "./routes/approval-routes.js";
import { registerAuthRoutes } from "./routes/auth-routes.js";
import { registerBackupRoutes } from "./routes/backup-routes.js";
import { registerCommandRoutes } from "./routes/command-routes.js";
import { registerContextRoutes } from "./routes/context-routes.js";
import { registerEventRoutes } from "./routes/event-routes.js";
import { registerHistoryRoutes } from "./routes/history-routes.js";
import { IMPORT_CONTENT_TYPES, registerImportRoutes } from "./routes/import-routes.js";
import { registerMemoryRoutes } from "./routes/memory-routes.js";
import { registerPairingRoutes } from "./routes/pairing-routes.js";
import { registerPluginRoutes } from "./routes/plugin-routes.js";
import { registerStaticRoutes } from "./routes/static-routes.js";
import { registerTurnRoutes } from "./routes/turn-routes.js";
import { registerUploadRoutes, UPLOAD_CONTENT_TYPES } from "./routes/upload-routes.js";
import { registerWorkingMemoryRoute } from "./routes/working-memory-route.js";
import type { BackupApi, WebApp, WebContext } from "./web-app.js";
import { WebAuth } from "./web-auth.js";
import { errorReply, rawClientErrorAnswer, toErrorReply, WebError } from "./web-errors.js";

/** Request headers must arrive this soon after a connection opens (Node's default is 60 s). */
const HEADERS_TIMEOUT_MS = 10_000;

/** SSE heartbeat: well under common proxy idle timeouts (30–60 s). */
const DEFAULT_HEARTBEAT_MS = 15_000;

export interface CreateWebServerOptions {
  runtime: RuntimeApi;
  logger: Logger;
  /** KERN_AUTH_TOKEN; must not be empty. */
  authToken: string;
  /** Folder with index.html and assets/ (scripts/build-web.ts writes dist/web). */
  staticDir: string;
  /** Largest request body in bytes; default MAX_BODY_BYTES. */
  bodyLimit?: number;
  /** Called after POST /restart has been answered; without it that endpoint answers 503. */
  onRestartRequest?: () => void;
  /** Session expiry time source; default the system clock. */
  clock?: Clock;
  /** Milliseconds between SSE heartbeat comments; default 15 000. */
  heartbeatMs?: number;
  /** Keeps web sessions across restarts (`.kern/web-sessions.json`); default memory only. */
  sessionsFile?: string | null;
  /** Takes a backup's cut for `kern backup` (`POST /backup/cut`); without it that route answers 503. */
  backup?: BackupApi;
  /** Connections held at once before any request on them authenticated; default 128. */
  maxUnauthenticatedConnections?: number;
}

export interface ListenOptions {
  host: string;
  port: number;
}

export interface ListenResult {
  port: number;
  url: string;
}

export interface InjectRequest {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD" | "OPTIONS";
  url: string;
  headers?: Record<string, string>;
  /** A string is sent as is; an object is sent as JSON. */
  payload?: string | object;
}

export interface InjectResponse {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

export interface WebServer {
  /** Starts listening; port 0 picks a free port. Resolves with the port and the page's URL. */
  listen(options: ListenOptions): Promise<ListenResult>;
  /** Stops listening and ends open connections (SSE included). Idempotent. */
  close(): Promise<void>;
  /** Runs one request in-process without a socket (tests, the CLI's health check). */
  inject(request: InjectRequest): Promise<InjectResponse>;
}

function urlHost(host: string): string {
  return host.includes(":") ? `[${host}]` : host;
}

/** JSON bodies only (others get 415); an empty body with a JSON content type counts as none. */
function installBodyParser(app: WebApp): void {
  const parseJson = app.getDefaultJsonParser("error", "error");
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "string" }, (request, body, done) => {
    if (body === "" || (Buffer.isBuffer(body) && body.length === 0)) {
      done(null, undefined);
      return;
    }
    void parseJson(request, typeof body === "string" ? body : body.toString("utf8"), done);
  });
  // POST /import reads these bodies itself, streamed (routes/import-routes.ts).
  app.addContentTypeParser(IMPORT_CONTENT_TYPES, (_request, payload, done) => {
    done(null, payload);
  });
  // POST /upload reads files itself, streamed and size-limited (routes/upload-routes.ts).
  app.addContentTypeParser(UPLOAD_CONTENT_TYPES, (request, payload, done) => {
    if (request.routeOptions.url === "/upload") done(null, payload);
    else done(new WebError("KERN_UNSUPPORTED_MEDIA_TYPE"), undefined);
  });
}

function installErrorHandlers(app: WebApp): void {
  app.setErrorHandler((error, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? "request";
      const detail = error.validation
        .map((issue) => `${where}${issue.instancePath}: ${issue.message}`)
        .join("; ");
      return reply.code(400).send(errorReply("KERN_BAD_REQUEST", detail).body);
    }
    const { status, body } = toErrorReply(error);
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.debug({ code: body.error.code, statusCode: status }, "request refused");
    return reply.code(status).send(body);
  });
  app.setNotFoundHandler((_request, reply) => {
    const { status, body } = errorReply("KERN_NOT_FOUND");
    return reply.code(status).send(body);
  });
}

function createApp(options: CreateWebServerOptions): WebApp {
  const loggerInstance: FastifyBaseLogger = options.logger.child({ component: "web" });
  const app = Fastify({
    loggerInstance,
    logController: new LogController({ disableRequestLogging: true }),
    forceCloseConnections: true,
    bodyLimit: options.bodyLimit ?? MAX_BODY_BYTES,
    // A connection that has not sent its request headers in 10 s is closed (Node checks every
    // connectionsCheckingInterval); with the stranger cap (connection-guard.ts) a flood of silent
    // connections cannot hold the daemon's file descriptors (issue 33 item 8).
    http: { headersTimeout: HEADERS_TIMEOUT_MS, connectionsCheckingInterval: 1_000 },
    // Refusals made before any route runs keep the one error shape too.
    frameworkErrors: (error, _request, reply) => {
      const { status, body } = toErrorReply(error);
      const text = JSON.stringify(body);
      reply.raw.writeHead(status, {
        "content-type": "application/json; charset=utf-8",
        "content-length": Buffer.byteLength(text),
      });
      reply.raw.end(text);
    },
    clientErrorHandler: (error: NodeJS.ErrnoException, socket) => {
      if (error.code === "ECONNRESET" || socket.destroyed) return;
      if (socket.writable) socket.write(rawClientErrorAnswer(error));
      socket.destroy(error);
    },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

/** Creates the server with every route registered; nothing listens until `listen`. */
export function createWebServer(options: CreateWebServerOptions): WebServer {
  const auth = new WebAuth({
    authToken: options.authToken,
    cookieName: SESSION_COOKIE,
    clock: options.clock ?? SYSTEM_CLOCK,
    sessionsFile: options.sessionsFile ?? null,
  });
  const context: WebContext = {
    runtime: options.runtime,
    auth,
    staticDir: options.staticDir,
    heartbeatMs: options.heartbeatMs ?? DEFAULT_HEARTBEAT_MS,
    onRestartRequest: options.onRestartRequest,
    ...(options.backup ? { backup: options.backup } : {}),
  };
  const app = createApp(options);
  const guard = guardConnections(
    app.server,
    options.maxUnauthenticatedConnections ?? DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS,
  );
  installBodyParser(app);
  installErrorHandlers(app);
  installRequestGuards(app, auth, guard);
  installRequestLog(app);
  for (const register of [
    registerStaticRoutes,
    registerAuthRoutes,
    registerTurnRoutes,
    registerEventRoutes,
    registerHistoryRoutes,
    registerContextRoutes,
    registerMemoryRoutes,
    registerWorkingMemoryRoute,
    registerPairingRoutes,
    registerImportRoutes,
    registerUploadRoutes,
    registerApprovalRoutes,
    registerCommandRoutes,
    registerPluginRoutes,
    registerBackupRoutes,
  ]) {
    register(app, context);
  }
  return wrapApp(app);
}

function stringHeaders(
  headers: Record<string, string | string[] | number | undefined>,
): Record<string, string | string[] | undefined> {
  const result: Record<string, string | string[] | undefined> = {};
  for (const [name, value] of Object.entries(headers)) {
    result[name] = typeof value === "number" ? String(value) : value;
  }
  return result;
}

function wrapApp(app: WebApp): WebServer {
  let closing: Promise<void> | null = null;
  return {
    async listen({ host, port }) {
      await app.listen({ host, port });
      const address = app.server.address() as AddressInfo;
      return { port: address.port, url: `http://${urlHost(host)}:${address.port}/` };
    },
    close() {
      closing ??= app.close();
      return closing;
    },
    async inject(request) {
      const response = await app.inject({
        method: request.method,
        url: request.url,
        ...(request.headers ? { headers: request.headers } : {}),
        ...(request.payload === undefined ? {} : { payload: request.payload }),
      });
      return {
        statusCode: response.statusCode,
        headers: stringHeaders(response.headers),
        body: response.body,
      };
    },
  };
}
