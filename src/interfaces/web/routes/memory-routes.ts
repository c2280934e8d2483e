// The memory's read side: the segment tree, one segment, recall, notes.
import { z } from "zod";
import {
  notesViewSchema,
  recallQuerySchema,
  recallReportSchema,
  recallStatsSchema,
  segmentDetailSchema,
  segmentsReportSchema,
} from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

const segmentParamsSchema = z.object({ id: z.string().min(1).max(200) });

export function registerMemoryRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get("/segments", { schema: { response: { 200: segmentsReportSchema } } }, async () =>
    runtime.segments(),
  );

  app.get(
    "/segments/:id",
    { schema: { params: segmentParamsSchema, response: { 200: segmentDetailSchema } } },
    async (request) => {
      const segment = await runtime.segment(request.params.id);
      if (!segment)
        throw new WebError(
          "KERN_NOT_FOUND",
          "no segment with that id; list them with GET /segments",
        );
      return segment;
    },
  );

  app.get("/recall/stats", { schema: { response: { 200: recallStatsSchema } } }, async () =>
    runtime.recallStats(),
  );

  app.get(
    "/recall/search",
    { schema: { querystring: recallQuerySchema, response: { 200: recallReportSchema } } },
    async (request) => {
      const { q, k, after, before, role, session } = request.query;
      const filters = {
        ...(after ? { after } : {}),
        ...(before ? { before } : {}),
        ...(role ? { role } : {}),
        ...(session ? { session } : {}),
      };
      return runtime.recall({ query: q, k, ...(Object.keys(filters).length ? { filters } : {}) });
    },
  );

  const notes = { schema: { response: { 200: notesViewSchema } } };
  app.get("/notes", notes, async () => runtime.notes());

  app.post("/notes/summary", notes, async (request) => {
    request.log.info("notes summary regeneration requested");
    return runtime.regenerateNotesSummary();
  });
}
