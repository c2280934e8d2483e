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

/** A turn's kind: "message", "approval", or one a plugin registered (same shape as an id). */
export const turnKindSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "a turn kind: lower-case letters, digits and dashes");

/** The sender's role (SPEC §16). */
const actorRoleSchema = z.enum(["operator", "member"]);

/** Who started a chain of work (`Origin` in types.ts). */
export const originSchema = z.object({
  role: actorRoleSchema,
  channel: z.string().optional(),
  user: z.string().optional(),
  name: z.string().optional(),
});

/** One tool call of an assistant message (OpenAI chat field names). */
export const toolCallSchema = z.object({
  id: z.string(),
  type: z.literal("function"),
  function: z.object({ name: z.string(), arguments: z.string() }),
});

/** What a stored file is to kern (SPEC §15): it decides the limit and what intake does with it. */
const mediaKindSchema = z.enum(["image", "voice", "audio", "document"]);

/**
 * A file a message carries: stored under `.kern/media/` by content hash (`file`, relative to the
 * agent folder); the message text holds its reference line and what intake made of it.
 */
export const mediaAttachmentSchema = z.object({
  /** The content hash prefix: the stored file's name without extension. */
  id: z.string().min(1),
  kind: mediaKindSchema,
  /** Read from the bytes, never from the name. */
  mediaType: z.string(),
  /** The name people see (the sender's file name, or one kern made). */
  name: z.string(),
  file: z.string(),
  bytes: z.number().int().min(0),
  pages: z.number().int().optional(),
  durationSeconds: z.number().optional(),
  /** The extracted text beside the file (documents). */
  textFile: z.string().optional(),
  transcript: z.string().optional(),
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
    role: actorRoleSchema.optional(),
    model: z.string().optional(),
    attachments: z.array(mediaAttachmentSchema).optional(),
    caption: z.string().optional(),
    toolOutput: z.object({ bytes: z.number(), file: z.string().optional() }).optional(),
    usage: z
      .object({
        inputTokens: z.number(),
        outputTokens: z.number(),
        cachedTokens: z.number().optional(),
      })
      .optional(),
  })
  .loose();
