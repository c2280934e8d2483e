// POST /upload (SPEC §15): one file as the raw body (`Content-Type` its claimed type,
// `X-Kern-File-Name` its URI-encoded name), size-limited before and while it is read, stored and
// taken in by the runtime's media intake; the answer names the stored file, which a following
// POST /message references by id. GET /media/:file serves a stored file back to the page.
import type { Readable } from "node:stream";
import { z } from "zod";
import { KernError } from "../../../kernel/index.js";
import { uploadReplySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

/** Bodies POST /upload reads itself, as a stream (the parser passes them through). */
export const UPLOAD_CONTENT_TYPES = /^(image\/|audio\/|video\/(webm|ogg)|application\/pdf|text\/)/;

function tooLarge(bytes: number, limit: number): KernError {
  const mb = (value: number) => `${Math.round(value / 1024 / 1024)} MB`;
  return new KernError(
    "KERN_MEDIA_TOO_LARGE",
    `the upload is ${bytes > limit ? "over" : ""} ${mb(bytes)}; kern takes files up to ${mb(limit)} (media.maxBytes in .kern/config.json)`,
  );
}

/**
 * Discards the rest of a refused body, so the client (which is still sending) reads the 413
 * instead of a reset connection; nothing of it is kept.
 */
function discard(body: Readable): void {
  body.on("error", () => undefined); // a client that hangs up now is no error of ours
  body.resume();
}

/** The body, refused once it passes `limit`; the rest is discarded, never stored. */
async function readLimited(body: Readable, limit: number): Promise<Buffer> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const part of body) {
    size += (part as Buffer).length;
    if (size > limit) {
      discard(body);
      throw tooLarge(size, limit);
    }
    parts.push(part as Buffer);
  }
  return Buffer.concat(parts);
}

const mediaParamsSchema = z.object({ file: z.string().regex(/^[0-9a-f]{16}\.[a-z0-9]{1,8}$/) });

export function registerUploadRoutes(app: WebApp, context: WebContext): void {
  app.post("/upload", { schema: { response: { 200: uploadReplySchema } } }, async (request) => {
    const media = context.runtime.intake;
    if (!media) throw new WebError("KERN_UNAVAILABLE", "this daemon does not take files");
    const body = request.body as Readable | undefined;
    if (!body || typeof body.pipe !== "function") {
      throw new WebError(
        "KERN_UNSUPPORTED_MEDIA_TYPE",
        "send the file as the raw body with its Content-Type (image/png, audio/ogg, application/pdf, text/plain)",
      );
    }
    const limit = Math.max(...Object.values(media.store.limits));
    const declared = Number(request.headers["content-length"] ?? Number.NaN);
    if (declared > limit) {
      discard(body);
      throw tooLarge(declared, limit);
    }
    const bytes = await readLimited(body, limit);
    const header = request.headers["x-kern-file-name"];
    const name = typeof header === "string" ? decodeURIComponent(header) : undefined;
    const result = await media.ingest({
      bytes,
      claimedType: request.headers["content-type"],
      voice: request.headers["x-kern-voice"] === "1",
      ...(name ? { claimedName: name } : {}),
    });
    request.log.info({ mediaId: result.attachment.id, kind: result.attachment.kind }, "upload");
    const { text, attachments } = media.message([result], "");
    return { media: attachments[0] ?? result.attachment, text };
  });

  app.get("/media/:file", { schema: { params: mediaParamsSchema } }, async (request, reply) => {
    const media = context.runtime.intake;
    if (!media) throw new KernError("KERN_MEDIA_NOT_FOUND", "this daemon stores no files");
    const id = request.params.file.split(".")[0] ?? "";
    const result = await media.load(id);
    if (!result || result.attachment.file.split("/").at(-1) !== request.params.file) {
      throw new KernError("KERN_MEDIA_NOT_FOUND", `no stored file ${request.params.file}`);
    }
    const bytes = await media.store.read(result.attachment);
    return reply
      .type(result.attachment.mediaType)
      .header("cache-control", "private, max-age=31536000, immutable")
      .header("content-disposition", "inline")
      .send(bytes);
  });
}
