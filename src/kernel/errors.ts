// One error base class and the catalogue of every code (SG-14). Messages say what happened and how
// to fix it (SG-15); they never carry a secret.

/** Every error code kern raises. Tests assert on these, never on message text. */
export type KernErrorCode =
  | "KERN_USAGE"
  | "KERN_NOT_A_TERMINAL"
  | "KERN_NO_AGENT"
  | "KERN_CONFIG_INVALID"
  | "KERN_CONFIG_UNREADABLE"
  | "KERN_INIT_FAILED"
  | "KERN_IMPORT_INVALID"
  | "KERN_IMPORT_DUPLICATE"
  | "KERN_STORE_CORRUPT"
  | "KERN_STORE_FAILED"
  | "KERN_INDEX_DAMAGED"
  | "KERN_DISK_FULL"
  | "KERN_MODEL_NOT_CONFIGURED"
  | "KERN_MODEL_HTTP"
  | "KERN_MODEL_NETWORK"
  | "KERN_MODEL_STALLED"
  | "KERN_MODEL_CANCELLED"
  | "KERN_MODEL_BAD_RESPONSE"
  | "KERN_EMBEDDING_FAILED"
  | "KERN_TOOL_FAILED"
  | "KERN_TELEGRAM_API"
  | "KERN_TELEGRAM_NETWORK"
  | "KERN_DAEMON_NOT_RUNNING"
  | "KERN_DAEMON_START_FAILED"
  | "KERN_DAEMON_API"
  | "KERN_NOT_FOUND"
  | "KERN_UNAUTHORIZED"
  | "KERN_BAD_REQUEST"
  | "KERN_PAIRING_UNKNOWN"
  | "KERN_FORBIDDEN"
  | "KERN_BODY_TOO_LARGE"
  | "KERN_HEADERS_TOO_LARGE"
  | "KERN_UNSUPPORTED_MEDIA_TYPE"
  | "KERN_INTERNAL"
  | "KERN_UNAVAILABLE"
  | "KERN_QUEUE_FULL";

export interface KernErrorOptions {
  cause?: unknown;
}

/** Base class of every error kern throws on purpose. `code` is stable; `message` is for people. */
export class KernError extends Error {
  readonly code: KernErrorCode;

  constructor(code: KernErrorCode, message: string, options: KernErrorOptions = {}) {
    super(message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
  }
}

/** Bad command-line usage (exit 2). */
export class UsageError extends KernError {
  constructor(message: string, options: KernErrorOptions = {}) {
    super("KERN_USAGE", message, options);
  }
}

/** Config files, env vars or the agent folder itself are wrong (exit 3, or 1 for KERN_NO_AGENT). */
export class ConfigError extends KernError {}

/** The session log, memory log or index could not be read or written. */
export class StoreError extends KernError {}

export interface ModelErrorOptions extends KernErrorOptions {
  status?: number;
  retryAfterMs?: number;
}

/** A model endpoint refused, failed or stalled. `status` is the HTTP status when there was one. */
export class ModelError extends KernError {
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(code: KernErrorCode, message: string, options: ModelErrorOptions = {}) {
    super(code, message, options);
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }

  /** True when trying again later may succeed: network failures, 408, 409, 429 and 5xx. */
  get isRetryable(): boolean {
    if (this.code === "KERN_MODEL_NETWORK" || this.code === "KERN_MODEL_STALLED") return true;
    if (this.status === undefined) return false;
    return [408, 409, 429].includes(this.status) || this.status >= 500;
  }
}

/** The Telegram Bot API refused a call, or the network to it failed. */
export class TelegramError extends KernError {}

/** The daemon is not running, could not start, or its API answered with an error. */
export class DaemonError extends KernError {}

/** True for any error kern raised on purpose (as opposed to a bug). */
export function isKernError(value: unknown): value is KernError {
  return value instanceof KernError;
}

/** The message of any thrown value, for logs and error events. */
export function describeError(value: unknown): string {
  if (value instanceof Error) return value.message;
  return String(value);
}
