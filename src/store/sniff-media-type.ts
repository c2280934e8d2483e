// What a file is, read from its bytes (file-type), never from its name: the kind kern treats it as
// and the extension it is stored under. A claimed type or name that says otherwise is refused.
// file-type loads on the first sniff (~40 ms): `kern status` opens the store and sniffs nothing.
import { KernError, type MediaKind } from "../kernel/index.js";

export interface SniffedMedia {
  kind: MediaKind;
  /** The media type the bytes show (`image/png`, `audio/ogg`, `application/pdf`, `text/plain`). */
  mediaType: string;
  /** The extension the stored file gets, without the dot. */
  extension: string;
}

export interface SniffMediaOptions {
  bytes: Uint8Array;
  /** The sender's media type (an HTTP Content-Type, Telegram's mime_type); checked, not trusted. */
  claimedType?: string;
  /** The sender's file name; its extension is checked against the bytes too. */
  claimedName?: string;
  /** Audio sent as a voice note (Telegram `voice`, a web recording) rather than a music file. */
  voice?: boolean;
}

/** Images a chat model takes as image parts (OpenAI, Anthropic and Gemini all take these four). */
const IMAGE_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp"]);
const TEXT_EXTENSIONS = new Set(["txt", "md", "markdown", "csv", "json", "log", "yaml", "yml"]);
type Family = "image" | "audio" | "pdf" | "text" | "other";

const EXTENSION_FAMILIES: Record<string, Family> = {
  png: "image",
  jpg: "image",
  jpeg: "image",
  gif: "image",
  webp: "image",
  ogg: "audio",
  oga: "audio",
  opus: "audio",
  mp3: "audio",
  m4a: "audio",
  wav: "audio",
  flac: "audio",
  webm: "audio",
  pdf: "pdf",
  ...Object.fromEntries([...TEXT_EXTENSIONS].map((extension) => [extension, "text" as const])),
};

function familyOfType(mediaType: string): Family {
  const type = mediaType.split(";")[0]?.trim().toLowerCase() ?? "";
  if (type.startsWith("image/")) return "image";
  if (type.startsWith("audio/") || type === "video/ogg" || type === "video/webm") return "audio";
  if (type === "application/pdf") return "pdf";
  if (type.startsWith("text/") || type === "application/json") return "text";
  return "other";
}

function extensionOf(name: string | undefined): string | undefined {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(name ?? "");
  return match?.[1]?.toLowerCase();
}

/** UTF-8 without NUL bytes: what kern accepts as a text document. */
function isPlainText(bytes: Uint8Array): boolean {
  if (bytes.includes(0)) return false;
  try {
    new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    return true;
  } catch {
    // Not valid UTF-8: a binary file of some type file-type does not know.
    return false;
  }
}

/** True when the claimed type or the name's extension says text. */
function claimsText(options: SniffMediaOptions): boolean {
  const claimedType = options.claimedType?.trim();
  if (claimedType && familyOfType(claimedType) === "text") return true;
  const extension = extensionOf(options.claimedName);
  return extension !== undefined && EXTENSION_FAMILIES[extension] === "text";
}

function checkClaims(options: SniffMediaOptions, actual: Family, what: string): void {
  const claimedType = options.claimedType?.trim();
  const claims: Array<[string, Family]> = [];
  if (claimedType && claimedType !== "application/octet-stream") {
    claims.push([`type ${claimedType}`, familyOfType(claimedType)]);
  }
  const extension = extensionOf(options.claimedName);
  const extensionFamily = extension ? EXTENSION_FAMILIES[extension] : undefined;
  if (extensionFamily) claims.push([`name ${options.claimedName}`, extensionFamily]);
  for (const [claim, family] of claims) {
    if (family === "other" || family === actual) continue;
    throw new KernError(
      "KERN_MEDIA_TYPE_MISMATCH",
      `the file claims ${claim}, but its bytes are ${what}; send it as what it is (or rename it)`,
    );
  }
}

/**
 * Reads the type from the bytes. Throws KERN_MEDIA_UNSUPPORTED for a type kern does not take and
 * KERN_MEDIA_TYPE_MISMATCH when the claimed type or name's extension names another family.
 */
export async function sniffMediaType(options: SniffMediaOptions): Promise<SniffedMedia> {
  const { fileTypeFromBuffer } = await import("file-type");
  const detected = await fileTypeFromBuffer(options.bytes);
  // Some magic numbers are printable ("BM" is BMP's, "ID3" MP3's): a UTF-8 file that claims to be
  // text and starts "BMW owners" is the text it claims, whatever file-type guesses.
  const textClaimed = claimsText(options) && isPlainText(options.bytes);
  if (!detected || textClaimed) {
    if (options.bytes.length > 0 && isPlainText(options.bytes)) {
      checkClaims(options, "text", "plain text");
      const extension = extensionOf(options.claimedName);
      const textExtension = extension && TEXT_EXTENSIONS.has(extension) ? extension : "txt";
      return { kind: "document", mediaType: "text/plain", extension: textExtension };
    }
    throw new KernError(
      "KERN_MEDIA_UNSUPPORTED",
      "kern cannot tell what this file is from its bytes; it takes PNG, JPEG, GIF and WebP images, audio, PDFs and UTF-8 text",
    );
  }
  const family = familyOfType(detected.mime);
  checkClaims(options, family, `${detected.mime} (.${detected.ext})`);
  if (family === "image" && IMAGE_TYPES.has(detected.mime)) {
    return { kind: "image", mediaType: detected.mime, extension: detected.ext };
  }
  if (family === "audio") {
    const mediaType = detected.mime.split(";")[0]?.trim() ?? detected.mime;
    const extension = detected.ext === "opus" ? "ogg" : detected.ext;
    return { kind: options.voice ? "voice" : "audio", mediaType, extension };
  }
  if (family === "pdf") return { kind: "document", mediaType: "application/pdf", extension: "pdf" };
  throw new KernError(
    "KERN_MEDIA_UNSUPPORTED",
    `kern does not take ${detected.mime} files; send PNG, JPEG, GIF or WebP images, audio, PDFs or UTF-8 text`,
  );
}
