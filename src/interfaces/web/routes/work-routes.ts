// Sub-agents and background commands (SPEC §13): list them, cancel a sub-agent, stop a command.
import { z } from "zod";
import { processRowSchema, subagentRowSchema, workViewSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

const idParamsSchema = z.object({ id: z.string().min(1).max(200) });

export function registerWorkRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;

  app.get("/work", { schema: { response: { 200: workViewSchema } } }, async () => runtime.work());

  app.post(
    "/subagents/:id/cancel",
    { schema: { params: idParamsSchema, response: { 200: subagentRowSchema } } },
    async (request) => {
      const ended = await runtime.cancelSubagent(request.params.id);
      if (!ended)
        throw new WebError("KERN_NOT_FOUND", "no sub-agent with that id; list them with GET /work");
      return ended;
    },
  );

  app.post(
    "/processes/:id/stop",
    { schema: { params: idParamsSchema, response: { 200: processRowSchema } } },
    async (request) => {
      const stopped = await runtime.stopProcess(request.params.id);
      if (!stopped)
        throw new WebError(
          "KERN_NOT_FOUND",
          "no background command with that id; list them with GET /work",
        );
      return stopped;
    },
  );
}
