// POST /login trades the token, or a one-time code from POST /login/code, for a session cookie
// (neither leaves the request body); POST /logout ends the session. Both are public: they decide
// on their own. POST /login/code needs the bearer token: it is how `kern status` gets a code.
import {
  loginBodySchema,
  loginCodeReplySchema,
  okReplySchema,
  SESSION_COOKIE,
} from "../../../protocol/index.js";
import { clearedSessionCookie, sessionCookie } from "../cookies.js";
import type { WebApp, WebContext } from "../web-app.js";
import { SESSION_TTL_MS } from "../web-auth.js";
import { WebError } from "../web-errors.js";

export function registerAuthRoutes(app: WebApp, context: WebContext): void {
  app.post(
    "/login",
    {
      config: { public: true },
      schema: { body: loginBodySchema, response: { 200: okReplySchema } },
    },
    async (request, reply) => {
      if (!context.auth.mayLogIn(request.body.token)) {
        request.log.warn({ event: "login-refused" }, "login refused: wrong token or code");
        throw new WebError(
          "KERN_UNAUTHORIZED",
          "wrong token or code: 'kern status' prints a one-time code (or use KERN_AUTH_TOKEN from .kern/.env)",
        );
      }
      const sessionId = context.auth.createSession();
      const maxAgeSeconds = Math.floor(SESSION_TTL_MS / 1000);
      reply.header(
        "set-cookie",
        sessionCookie({ name: SESSION_COOKIE, value: sessionId, maxAgeSeconds }),
      );
      return { ok: true };
    },
  );

  app.post(
    "/login/code",
    { schema: { response: { 200: loginCodeReplySchema } } },
    async (request) => {
      if (context.auth.authenticate(request.headers) !== "bearer")
        throw new WebError("KERN_FORBIDDEN");
      const { code, expiresAt } = context.auth.loginCodes.create();
      return { code, expiresAt: new Date(expiresAt).toISOString() };
    },
  );

  app.post(
    "/logout",
    { config: { public: true }, schema: { response: { 200: okReplySchema } } },
    async (request, reply) => {
      const sessionId = context.auth.sessionIdOf(request.headers);
      if (sessionId !== undefined) context.auth.deleteSession(sessionId);
      reply.header("set-cookie", clearedSessionCookie(SESSION_COOKIE));
      return { ok: true };
    },
  );
}
