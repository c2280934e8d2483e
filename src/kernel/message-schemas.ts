// The zod schemas of a message's parts, declared once for every edge that reads them: the session
// log (store/), kern.db's JSON columns (store/) and the HTTP answers (protocol/). Pure; no I/O and
// nothing Node-only, so the web page's bundle can take this file.
// Namespace import: it lets the web bundle keep only the zod parts used.
import * as z from "zod";

/** A channel's or a turn source's id: lower-case letters, digits and dashes (data, not a list). */
export const interfaceNameSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "an interface id: lower-case letters, digits and dashes");

export const replyRouteSchema = z.object({
  channel: interfaceNameSchema,
  chat: z.string().optional(),
  user: z.string().optional(),
});

export const turnKindSchema = z.enum(["message", "job", "heartbeat", "subagent", "process"]);

/** One tool call of an assistant message (OpenAI chat field names). */
export const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** A message's `meta`; keys kern does not know yet are kept (a newer kern's log). */
export const messageMetaSchema = z
  .object({
    interface: interfaceNameSchema.optional(),
    channel: z.string().optional(),
    user: z.string().optional(),
    name: z.string().optional(),
    turnId: z.string().optional(),
    sourceId: z.string().optional(),
    tool: z.string().optional(),
    interrupted: z.boolean().optional(),
    partial: z.boolean().optional(),
    silent: z.boolean().optional(),
    kind: turnKindSchema.optional(),
    model: z.string().optional(),
    usage: z
      .object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cachedTokens: z.number().optional(),
      })
      .optional(),
  })
  .loose();
