// The composed prompt: its text, the segments its summary block holds, its token breakdown.
// `?maxContextTokens=N` composes with another budget, for inspection (`kern context`).
import { z } from "zod";
import { contextSegmentsSchema, contextStatsSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

const budgetQuerySchema = z.object({
  maxContextTokens: z.coerce.number().int().min(1000).max(10_000_000).optional(),
});

function budgetOf(query: z.infer<typeof budgetQuerySchema>): { maxContextTokens?: number } {
  return query.maxContextTokens === undefined ? {} : { maxContextTokens: query.maxContextTokens };
}

export function registerContextRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;
  const schema = { querystring: budgetQuerySchema };

  app.get("/context/system", { schema }, async (request, reply) => {
    const report = await runtime.context(budgetOf(request.query));
    return reply.type("text/plain; charset=utf-8").send(report.systemPrompt);
  });

  app.get(
    "/context/segments",
    { schema: { response: { 200: contextSegmentsSchema } } },
    async () => {
      const [report, tree] = await Promise.all([runtime.context(), runtime.segments()]);
      const rows = new Map(tree.segments.map((segment) => [segment.id, segment]));
      const segments = report.segmentIds.flatMap((id) => {
        const row = rows.get(id);
        return row ? [row] : [];
      });
      return { session: tree.session, segmentIds: report.segmentIds, segments };
    },
  );

  const statsSchema = { ...schema, response: { 200: contextStatsSchema } };
  app.get("/context/stats", { schema: statsSchema }, async (request) => {
    const { systemPrompt: _omitted, ...stats } = await runtime.context(budgetOf(request.query));
    return stats;
  });
}
