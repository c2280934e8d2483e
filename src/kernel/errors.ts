// One error base class and its subclasses (SG-14); the codes, exit codes and HTTP statuses are in
// error-catalogue.ts. Messages say what happened and how to fix it (SG-15); never a secret.
import { catalogueEntry, type ErrorCatalogueEntry, type KernErrorCode } from "./error-catalogue.js";

export type { KernErrorCode } from "./error-catalogue.js";

export interface KernErrorOptions {
  cause?: unknown;
  /** A plugin's code brings its entry (exit code, HTTP status, default message) with it. */
  entry?: ErrorCatalogueEntry;
}

/** Base class of every error kern throws on purpose. `code` is stable; `message` is for people. */
export class KernError extends Error {
  readonly code: KernErrorCode;
  /** The code's entry: the core catalogue's, or the one a plugin's error brought. */
  readonly entry: ErrorCatalogueEntry;

  /** `message` defaults to the entry's message for `code`. */
  constructor(code: KernErrorCode, message?: string, options: KernErrorOptions = {}) {
    const entry = options.entry ?? catalogueEntry(code);
    super(message ?? entry.message, { cause: options.cause });
    this.name = new.target.name;
    this.code = code;
    this.entry = entry;
  }

  /** The process exit code `kern` ends with on this error (the entry's). */
  get exitCode(): number {
    return this.entry.exit;
  }

  /** The HTTP status of an API answer carrying this error (the entry's). */
  get httpStatus(): number {
    return this.entry.status;
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

/** A chat platform's API refused a call, or the network to it failed. */
export class ChannelError extends KernError {}

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
