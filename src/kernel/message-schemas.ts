// The zod schemas of a message's parts, declared once for every edge that reads them: the session
// log (store/), kern.db's JSON columns (store/) and the HTTP answers (protocol/). Pure; no I/O and
// nothing Node-only, so the web page's bundle can take this file.
// Namespace import: it lets the web bundle keep only the zod parts used.
import * as z from "zod";

export const interfaceNameSchema = z.enum([
  "tui",
  "telegram",
  "web",
  "cli",
  "import",
  "system",
  "subagent",
  "process",
]);

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
