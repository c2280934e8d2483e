// The web API's error catalogue (SG-14): every error body is `{ error: { code, message } }`, built
// from one entry here (stable code, HTTP status, default message). Tests match on `code`.
import { isKernError, type KernErrorCode } from "../../kernel/index.js";
import { MAX_BODY_BYTES } from "../../protocol/index.js";

interface CatalogueEntry {
  status: number;
  message: string;
}

/** Every code the web API answers with, its status and a message that says how to fix it. */
export const WEB_ERROR_CATALOGUE = {
  KERN_BAD_REQUEST: {
    status: 400,
    message: "the request is malformed; see the API table in SPEC §8",
  },
  KERN_UNAUTHORIZED: {
    status: 401,
    message:
      "not logged in: send 'Authorization: Bearer <token>' (KERN_AUTH_TOKEN in .kern/.env) or POST /login",
  },
  KERN_FORBIDDEN: {
    status: 403,
    message: "cross-origin request refused: call the API from the page the daemon serves",
  },
  KERN_NOT_FOUND: { status: 404, message: "no such endpoint; see the API table in SPEC §8" },
  KERN_PAIRING_UNKNOWN: {
    status: 404,
    message: "no pending pairing with that code; list them with GET /pairing",
  },
  KERN_BODY_TOO_LARGE: {
    status: 413,
    message: `request body over ${MAX_BODY_BYTES} bytes; send less text per message`,
  },
  KERN_HEADERS_TOO_LARGE: {
    status: 431,
    message: "request line or headers too large; send long text in the JSON body",
  },
  KERN_UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    message: "send the body as JSON with 'Content-Type: application/json'",
  },
  KERN_INTERNAL: {
    status: 500,
    message: "internal error; the details are in .kern/logs/kern.log",
  },
  KERN_UNAVAILABLE: { status: 503, message: "not available right now" },
} as const satisfies Record<string, CatalogueEntry>;

export type WebErrorCode = keyof typeof WEB_ERROR_CATALOGUE;

export interface ErrorReply {
  status: number;
  body: { error: { code: string; message: string } };
}

/** An error a route throws on purpose; the error handler turns it into its catalogue reply. */
export class WebError extends Error {
  readonly code: WebErrorCode;

  constructor(code: WebErrorCode, message?: string) {
    super(message ?? WEB_ERROR_CATALOGUE[code].message);
    this.name = "WebError";
    this.code = code;
  }

  get status(): number {
    return WEB_ERROR_CATALOGUE[this.code].status;
  }
}

/** The reply for a catalogue code, with the default message unless one is given. */
export function errorReply(code: WebErrorCode, message?: string): ErrorReply {
  const entry = WEB_ERROR_CATALOGUE[code];
  return { status: entry.status, body: { error: { code, message: message ?? entry.message } } };
}

/** HTTP status for errors the runtime raises on purpose; their messages are safe to show. */
const KERN_CODE_STATUS: Partial<Record<KernErrorCode, number>> = {
  KERN_USAGE: 400,
  KERN_BAD_REQUEST: 400,
  KERN_UNAUTHORIZED: 401,
  KERN_NOT_FOUND: 404,
  KERN_PAIRING_UNKNOWN: 404,
  KERN_MODEL_NOT_CONFIGURED: 503,
  KERN_DAEMON_NOT_RUNNING: 503,
  KERN_UNAVAILABLE: 503,
  KERN_QUEUE_FULL: 429,
  KERN_DISK_FULL: 507,
  KERN_IMPORT_INVALID: 400,
  KERN_IMPORT_DUPLICATE: 409,
};

/** Framework error codes (fastify) that map to a catalogue entry. */
const FRAMEWORK_CODES: Record<string, WebErrorCode> = {
  FST_ERR_CTP_BODY_TOO_LARGE: "KERN_BODY_TOO_LARGE",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "KERN_UNSUPPORTED_MEDIA_TYPE",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "KERN_BAD_REQUEST",
  FST_ERR_CTP_EMPTY_JSON_BODY: "KERN_BAD_REQUEST",
  FST_ERR_CTP_INVALID_JSON_BODY: "KERN_BAD_REQUEST",
};

function frameworkCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null || !("code" in error)) return undefined;
  return typeof error.code === "string" ? error.code : undefined;
}

function statusCodeOf(error: unknown): number | undefined {
  if (typeof error !== "object" || error === null || !("statusCode" in error)) return undefined;
  return typeof error.statusCode === "number" ? error.statusCode : undefined;
}

/**
 * Maps anything a handler or the framework threw to a catalogue reply. Unknown errors become
 * KERN_INTERNAL without their message (it may hold paths or data); KernError messages pass
 * through because SG-15 keeps them free of secrets.
 */
export function toErrorReply(error: unknown): ErrorReply {
  if (error instanceof WebError) return errorReply(error.code, error.message);
  if (isKernError(error)) {
    const status = KERN_CODE_STATUS[error.code] ?? 500;
    return { status, body: { error: { code: error.code, message: error.message } } };
  }
  const mapped = FRAMEWORK_CODES[frameworkCode(error) ?? ""];
  if (mapped === "KERN_BAD_REQUEST" && error instanceof Error) {
    return errorReply(mapped, `bad request body: ${error.message}`);
  }
  if (mapped) return errorReply(mapped);
  const status = statusCodeOf(error);
  if (status === 404) return errorReply("KERN_NOT_FOUND");
  if (status !== undefined && status >= 400 && status < 500 && error instanceof Error) {
    return errorReply("KERN_BAD_REQUEST", error.message);
  }
  return errorReply("KERN_INTERNAL");
}

/**
 * The raw HTTP answer to a request the HTTP parser refused before any route saw it (a broken
 * request line, a bad Content-Length, headers over the limit): still the one error shape.
 */
export function rawClientErrorAnswer(error: { code?: string }): string {
  const code: WebErrorCode =
    error.code === "HPE_HEADER_OVERFLOW" ? "KERN_HEADERS_TOO_LARGE" : "KERN_BAD_REQUEST";
  const message =
    code === "KERN_BAD_REQUEST" ? "malformed HTTP request; send valid HTTP/1.1" : undefined;
  const { status, body } = errorReply(code, message);
  const text = JSON.stringify(body);
  return [
    `HTTP/1.1 ${status} ${code === "KERN_BAD_REQUEST" ? "Bad Request" : "Request Header Fields Too Large"}`,
    "Content-Type: application/json; charset=utf-8",
    `Content-Length: ${Buffer.byteLength(text)}`,
    "Connection: close",
    "",
    text,
  ].join("\r\n");
}
