// POST /upload from the page (SPEC §15): one file as the raw body, with upload progress (XHR: fetch
// reports none). Cookie auth like every other call. The answer is parsed with the protocol's schema;
// a refusal carries the daemon's own message (too large, type mismatch, …).
import type { MediaAttachment } from "../../src/kernel/index.js";
import { errorBodySchema, uploadReplySchema } from "../../src/protocol/index.js";
import { ApiError, reportUnauthorized } from "./api.js";

/** Types a browser may leave empty for a file it does not know, by extension. */
const TYPE_BY_EXTENSION: Record<string, string> = {
  pdf: "application/pdf",
  png: "image/png",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  gif: "image/gif",
  webp: "image/webp",
  ogg: "audio/ogg",
  oga: "audio/ogg",
  opus: "audio/ogg",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  wav: "audio/wav",
  webm: "audio/webm",
  txt: "text/plain",
  md: "text/markdown",
  csv: "text/csv",
};

/** The type to claim: the browser's, else one from the extension, else a generic one. */
function claimedType(file: Pick<File, "name" | "type">): string {
  if (file.type) return file.type;
  const extension = file.name.split(".").at(-1)?.toLowerCase() ?? "";
  return TYPE_BY_EXTENSION[extension] ?? "application/octet-stream";
}

function answerOf(xhr: XMLHttpRequest): MediaAttachment {
  let body: unknown;
  try {
    body = JSON.parse(xhr.responseText);
  } catch {
    body = undefined;
  }
  if (xhr.status >= 200 && xhr.status < 300) {
    const parsed = uploadReplySchema.safeParse(body);
    if (parsed.success) return parsed.data.media;
    throw new ApiError(
      xhr.status,
      "KERN_BAD_RESPONSE",
      "the daemon's answer to the upload has an unexpected shape; reload the page",
    );
  }
  if (xhr.status === 401) reportUnauthorized();
  const error = errorBodySchema.safeParse(body);
  if (error.success)
    throw new ApiError(xhr.status, error.data.error.code, error.data.error.message);
  if (xhr.status === 413)
    throw new ApiError(413, "KERN_MEDIA_TOO_LARGE", "the file is too large for the daemon");
  throw new ApiError(
    xhr.status,
    "KERN_HTTP",
    `the upload failed: the daemon answered ${xhr.status}`,
  );
}

/** Uploads one file; `onProgress` gets 0..1 as the bytes go out. */
export function uploadFile(
  file: File,
  onProgress: (share: number) => void,
): Promise<MediaAttachment> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/upload");
    xhr.withCredentials = true;
    xhr.setRequestHeader("content-type", claimedType(file));
    xhr.setRequestHeader("x-kern-file-name", encodeURIComponent(file.name || "file"));
    xhr.setRequestHeader("accept", "application/json");
    xhr.upload.addEventListener("progress", (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    });
    xhr.addEventListener("load", () => {
      try {
        resolve(answerOf(xhr));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener("error", () =>
      reject(
        new ApiError(
          0,
          "KERN_NETWORK",
          "the upload did not reach the daemon; is it running? (kern status)",
        ),
      ),
    );
    xhr.send(file);
  });
}
