// Status, sending a message, cancelling a turn, asking the daemon to restart.
import { z } from "zod";
import { KernError, type MediaAttachment } from "../../../kernel/index.js";
import {
  agentStatusSchema,
  cancelTurnReplySchema,
  postMessageBodySchema,
  postMessageReplySchema,
} from "../../../protocol/index.js";
import type { IntakeResult } from "../../../runtime/index.js";
import { IntakeLimit } from "../intake-limit.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

const turnParamsSchema = z.object({ id: z.string().min(1).max(200) });

/** The message text with its uploaded files' reference lines; refuses an unknown id. */
async function withAttachments(
  runtime: WebContext["runtime"],
  body: { text: string; attachments?: string[] | undefined },
): Promise<{ text: string; attachments: MediaAttachment[]; caption?: string }> {
  const ids = body.attachments ?? [];
  if (ids.length === 0) return { text: body.text, attachments: [] };
  const media = runtime.intake;
  if (!media) throw new KernError("KERN_MEDIA_NOT_FOUND", "this daemon stores no files");
  const results: IntakeResult[] = [];
  for (const id of ids) {
    const result = await media.load(id);
    if (!result)
      throw new KernError("KERN_MEDIA_NOT_FOUND", `no uploaded file ${id}; upload it again`);
    results.push(result);
  }
  return media.message(results, body.text);
}

export function registerTurnRoutes(app: WebApp, context: WebContext): void {
  const { runtime } = context;
  const intake = new IntakeLimit();
  // Subscribed at the first message, so a server that never takes one listens to nothing.
  let unsubscribe: (() => void) | null = null;
  app.addHook("onClose", async () => unsubscribe?.());

  app.get("/status", { schema: { response: { 200: agentStatusSchema } } }, async () =>
    runtime.status(),
  );

  app.post(
    "/message",
    { schema: { body: postMessageBodySchema, response: { 200: postMessageReplySchema } } },
    async (request) => {
      const { channel, user } = request.body;
      const { text, attachments, caption } = await withAttachments(runtime, request.body);
      unsubscribe ??= runtime.subscribe((event) => intake.observe(event));
      const refusal = intake.refusal(text.length);
      if (refusal) {
        request.log.warn({ waiting: intake.waiting }, "message refused: queue full");
        throw new KernError("KERN_QUEUE_FULL", refusal);
      }
      const { turnId } = runtime.submit({
        text,
        interface: request.body.interface ?? "web",
        ...(channel === undefined ? {} : { channel }),
        ...(user === undefined ? {} : { user }),
        ...(attachments.length > 0 ? { attachments, caption: caption ?? "" } : {}),
        // The caller holds the token: the operator, whatever interface it names (SPEC §16).
        role: "operator",
      });
      intake.accepted(turnId, text.length);
      request.log.info({ turnId, chars: text.length }, "message submitted");
      return { turnId };
    },
  );

  app.post(
    "/turns/:id/cancel",
    { schema: { params: turnParamsSchema, response: { 200: cancelTurnReplySchema } } },
    async (request) => {
      const turnId = request.params.id;
      return { turnId, cancelled: runtime.cancel(turnId) };
    },
  );

  app.post("/restart", async (request, reply) => {
    const onRestartRequest = context.onRestartRequest;
    if (!onRestartRequest) {
      throw new WebError("KERN_UNAVAILABLE", "restart is not available: run 'kern restart'");
    }
    request.log.info("restart requested");
    // After the reply is on its way, so the caller learns the request was accepted.
    reply.raw.once("finish", () => onRestartRequest());
    return reply.code(202).send({ restarting: true });
  });
}
