// The memory's read side: the segment tree, one segment, recall, notes.
import { z } from "zod";
import { recallQuerySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

const segmentParamsSchema = z.object({ id: z.string().min(1).max(200) });

export function registerMemoryRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get("/segments", async () => runtime.segments());

  app.get("/segments/:id", { schema: { params: segmentParamsSchema } }, async (request) => {
    const segment = await runtime.segment(request.params.id);
    if (!segment)
      throw new WebError("KERN_NOT_FOUND", "no segment with that id; list them with GET /segments");
    return segment;
  });

  app.get("/recall/stats", async () => runtime.recallStats());

  app.get("/recall/search", { schema: { querystring: recallQuerySchema } }, async (request) => {
    const { q, k, after, before, role, session } = request.query;
    const filters = {
      ...(after ? { after } : {}),
      ...(before ? { before } : {}),
      ...(role ? { role } : {}),
      ...(session ? { session } : {}),
    };
    return runtime.recall({ query: q, k, ...(Object.keys(filters).length ? { filters } : {}) });
  });

  app.get("/notes", async () => runtime.notes());

  app.post("/notes/summary", async (request) => {
    request.log.info("notes summary regeneration requested");
    return runtime.regenerateNotesSummary();
  });
}
