// POST /upload (SPEC §15): one file as the raw body (`Content-Type` its claimed type,
// `X-Kern-File-Name` its URI-encoded name), size-limited before and while it is read, written to
// `.kern/media/` as it arrives (never held whole in memory), then stored and taken in by the
// runtime's media intake, two at a time; the answer names the stored file, which a following
// POST /message references by id. At most MAX_UPLOADS are in progress at once. A full disk
// answers 507 KERN_DISK_FULL. GET /media/:file serves a stored file back to the page.
import type { Readable } from "node:stream";
import { z } from "zod";
import { KernError } from "../../../kernel/index.js";
import { uploadReplySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";
import { nameFromHeader } from "./name-header.js";

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

/**
 * Uploads received or taken in at once; more are refused (429) until one ends. Each arriving one
 * holds a socket and a file, not memory: the intake's own bound (two at a time) limits memory.
 */
const MAX_UPLOADS = 16;

type Media = NonNullable<WebContext["runtime"]["intake"]>;

/** The body written to disk as it comes (the rest discarded past the limit), then taken in. */
async function receiveAndTakeIn(
  media: Media,
  body: Readable,
  limit: number,
  claims: { claimedType: string | undefined; voice: boolean; name: string | undefined },
) {
  // Not destroyed on a refusal: the rest is read and dropped, so the client reads the 413.
  const source = body.iterator({ destroyOnReturn: false });
  const file = await media
    .receive(source, limit, (bytes) => tooLarge(bytes, limit))
    .catch((error: unknown) => {
      discard(body); // too large, or the disk is full: the client reads the answer either way
      throw error;
    });
  return media.ingestFile(file, {
    voice: claims.voice,
    ...(claims.claimedType ? { claimedType: claims.claimedType } : {}),
    ...(claims.name ? { claimedName: claims.name } : {}),
  });
}

const mediaParamsSchema = z.object({ file: z.string().regex(/^[0-9a-f]{16}\.[a-z0-9]{1,8}$/) });

export function registerUploadRoutes(app: WebApp, context: WebContext): void {
  let uploading = 0;
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
    if (uploading >= MAX_UPLOADS) {
      discard(body);
      throw new KernError(
        "KERN_QUEUE_FULL",
        `${MAX_UPLOADS} uploads are in progress; send this one once one of them has ended`,
      );
    }
    uploading += 1;
    const result = await receiveAndTakeIn(media, body, limit, {
      claimedType: request.headers["content-type"],
      voice: request.headers["x-kern-voice"] === "1",
      name: nameFromHeader(request.headers["x-kern-file-name"]),
    }).finally(() => {
      uploading -= 1;
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
