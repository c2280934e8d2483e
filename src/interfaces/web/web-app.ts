// The fastify instance type the route modules share, and what every route may use. fastify
// types stay inside interfaces/web (SG-5): nothing here crosses index.ts.
import type {
  FastifyBaseLogger,
  FastifyInstance,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { BackupCutView } from "../../protocol/index.js";
import type { RuntimeApi } from "../../runtime/index.js";
import type { WebAuth } from "./web-auth.js";

declare module "fastify" {
  interface FastifyContextConfig {
    /** True for routes anyone may call: the page's static files and POST /login. */
    public?: boolean;
  }
}

export type WebApp = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

export interface WebContext {
  runtime: RuntimeApi;
  auth: WebAuth;
  /** Folder holding index.html and assets/ (the output of scripts/build-web.ts). */
  staticDir: string;
  /** Milliseconds between SSE heartbeat comments. */
  heartbeatMs: number;
  onRestartRequest: (() => void) | undefined;
  /** Takes a backup's cut (`POST /backup/cut`); absent = that route answers KERN_UNAVAILABLE. */
  backup?: BackupApi;
}

/** The one thing the web API does for a backup: the cut, taken by the daemon between appends. */
export interface BackupApi {
  cut(): BackupCutView;
}
