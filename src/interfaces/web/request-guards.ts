// The checks every request passes before its handler (SPEC §8, LESSONS #11): security headers,
// no token in a URL, same-origin for state changes, and authentication except on public routes.
import type { ConnectionGuard } from "./connection-guard.js";
import { SECURITY_HEADERS } from "./security-headers.js";
import type { WebApp } from "./web-app.js";
import type { WebAuth } from "./web-auth.js";
import { WebError } from "./web-errors.js";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const TOKEN_QUERY_KEYS = ["token", "access_token", "auth_token", "authToken"];

/** True when a URL's query string carries something named like a token. */
export function hasTokenInUrl(url: string): boolean {
  const start = url.indexOf("?");
  if (start < 0) return false;
  const query = new URLSearchParams(url.slice(start + 1));
  return TOKEN_QUERY_KEYS.some((key) => query.has(key));
}

/**
 * True unless the request names an Origin other than the server it reached. Browsers send Origin
 * on cross-origin POSTs; another site on the same host (a different port) is same-site, so
 * SameSite=Strict alone would let it ride the cookie.
 */
export function isSameOrigin(headers: { origin?: string | undefined; host?: string | undefined }) {
  const origin = headers.origin;
  if (origin === undefined) return true;
  try {
    return new URL(origin).host === headers.host;
  } catch {
    return false; // "null" or garbage: not our page
  }
}

export function installRequestGuards(app: WebApp, auth: WebAuth, guard: ConnectionGuard): void {
  app.addHook("onRequest", async (request, reply) => {
    reply.headers({ ...SECURITY_HEADERS, "cache-control": "no-store" });
    if (hasTokenInUrl(request.url)) {
      throw new WebError(
        "KERN_BAD_REQUEST",
        "the token is never accepted in a URL: send 'Authorization: Bearer <token>' or POST /login",
      );
    }
    if (!SAFE_METHODS.has(request.method) && !isSameOrigin(request.headers)) {
      throw new WebError("KERN_FORBIDDEN");
    }
    if (request.routeOptions.config.public === true) return;
    if (auth.authenticate(request.headers) === null) throw new WebError("KERN_UNAUTHORIZED");
    guard.trust(request.raw.socket);
  });
}

/** One debug line per request: method, route pattern (never the raw URL: queries hold user text). */
export function installRequestLog(app: WebApp): void {
  app.addHook("onResponse", async (request, reply) => {
    request.log.debug(
      {
        method: request.method,
        route: request.routeOptions.url ?? "(no route)",
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
      },
      "request",
    );
  });
}
