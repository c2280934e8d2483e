// The composed prompt: its text, the segments its summary block holds, its token breakdown.
import type { WebApp, WebContext } from "../web-app.js";

export function registerContextRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get("/context/system", async (_request, reply) => {
    const report = await runtime.context();
    return reply.type("text/plain; charset=utf-8").send(report.systemPrompt);
  });

  app.get("/context/segments", async () => {
    const [report, tree] = await Promise.all([runtime.context(), runtime.segments()]);
    const rows = new Map(tree.segments.map((segment) => [segment.id, segment]));
    const segments = report.segmentIds.flatMap((id) => {
      const row = rows.get(id);
      return row ? [row] : [];
    });
    return { session: tree.session, segmentIds: report.segmentIds, segments };
  });

  app.get("/context/stats", async () => {
    const { systemPrompt: _omitted, ...stats } = await runtime.context();
    return stats;
  });
}
