// The active session's messages (paged backwards) and the list of sessions.
import { historyQuerySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

export function registerHistoryRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get("/history", { schema: { querystring: historyQuerySchema } }, async (request) => {
    const { before, limit } = request.query;
    return runtime.history(before === undefined ? { limit } : { before, limit });
  });

  app.get("/sessions", async () => runtime.sessions());
}
