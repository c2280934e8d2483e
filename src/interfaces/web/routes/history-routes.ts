// The active session's messages (paged backwards) and the list of sessions.
import {
  historyPageSchema,
  historyQuerySchema,
  sessionsViewSchema,
} from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerHistoryRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get(
    "/history",
    { schema: { querystring: historyQuerySchema, response: { 200: historyPageSchema } } },
    async (request) => {
      const { before, limit } = request.query;
      return runtime.history(before === undefined ? { limit } : { before, limit });
    },
  );

  app.get("/sessions", { schema: { response: { 200: sessionsViewSchema } } }, async () =>
    runtime.sessions(),
  );
}
