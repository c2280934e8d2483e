// Calls waiting for the operator's yes (SPEC §16): `GET /approvals` lists them (waiting first,
// then the decided ones kept), `POST /approvals/:id` decides one. The caller holds the token: the
// operator, as the log records it ("operator via web").
import { z } from "zod";
import {
  approvalDecisionBodySchema,
  approvalListSchema,
  approvalViewSchema,
} from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";

const idParamsSchema = z.object({ id: z.string().min(1).max(40) });

export function registerApprovalRoutes(app: WebApp, context: WebContext): void {
  const { approvals } = context.runtime;

  app.get("/approvals", { schema: { response: { 200: approvalListSchema } } }, async () => ({
    approvals: approvals.list(),
  }));

  app.post(
    "/approvals/:id",
    {
      schema: {
        params: idParamsSchema,
        body: approvalDecisionBodySchema,
        response: { 200: approvalViewSchema },
      },
    },
    async (request) =>
      approvals.decide(request.params.id, {
        approve: request.body.approve,
        by: "operator via web",
      }),
  );
}
