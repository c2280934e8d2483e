// The web API's error replies (SG-14): every error body is `{ error: { code, message } }`, its
// status and default message from the one catalogue (kernel/error-catalogue.ts). Tests match on
// `code`.
import { ERROR_CATALOGUE, isKernError, KernError, type KernErrorCode } from "../../kernel/index.js";
import { MAX_BODY_BYTES } from "../../protocol/index.js";

/** The codes the web API itself answers with (others come from the runtime's KernErrors). */
export type WebErrorCode = Extract<
  KernErrorCode,
  | "KERN_BAD_REQUEST"
  | "KERN_UNAUTHORIZED"
  | "KERN_FORBIDDEN"
  | "KERN_NOT_FOUND"
  | "KERN_PAIRING_UNKNOWN"
  | "KERN_BODY_TOO_LARGE"
  | "KERN_HEADERS_TOO_LARGE"
  | "KERN_UNSUPPORTED_MEDIA_TYPE"
  | "KERN_INTERNAL"
  | "KERN_UNAVAILABLE"
>;

/** Where the web API says more than the catalogue's default message. */
const WEB_MESSAGES: Partial<Record<WebErrorCode, string>> = {
  KERN_BODY_TOO_LARGE: `request body over ${MAX_BODY_BYTES} bytes; send less text per message`,
};

function defaultMessage(code: WebErrorCode): string {
  return WEB_MESSAGES[code] ?? ERROR_CATALOGUE[code].message;
}

export interface ErrorReply {
  status: number;
  body: { error: { code: string; message: string } };
}

/** An error a route throws on purpose; the error handler turns it into its catalogue reply. */
export class WebError extends KernError {
  declare readonly code: WebErrorCode;

  constructor(code: WebErrorCode, message?: string) {
    super(code, message ?? defaultMessage(code));
  }

  get status(): number {
    return this.httpStatus;
  }
}

/** The reply for a catalogue code, with the default message unless one is given. */
export function errorReply(code: WebErrorCode, message?: string): ErrorReply {
  const status = ERROR_CATALOGUE[code].status;
  return { status, body: { error: { code, message: message ?? defaultMessage(code) } } };
}

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
  if (isKernError(error)) {
    const status = error.httpStatus;
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
