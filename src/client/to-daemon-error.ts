// Turns what went wrong on the wire into a DaemonError with a catalogue code (SG-14): the daemon's
// `{ error: { code, message } }` body, a bare HTTP status, a refused connection or a timeout. Pure.
import { DaemonError, type KernErrorCode, parseJsonOrUndefined } from "../kernel/index.js";
import { errorBodySchema } from "../protocol/index.js";

// A Record over the union, so a code added to the catalogue without being listed here fails tsc.
const KNOWN_CODES: Record<KernErrorCode, true> = {
  KERN_USAGE: true,
  KERN_NO_AGENT: true,
  KERN_CONFIG_INVALID: true,
  KERN_CONFIG_UNREADABLE: true,
  KERN_INIT_FAILED: true,
  KERN_IMPORT_INVALID: true,
  KERN_IMPORT_DUPLICATE: true,
  KERN_STORE_CORRUPT: true,
  KERN_INDEX_DAMAGED: true,
  KERN_DISK_FULL: true,
  KERN_STORE_FAILED: true,
  KERN_MODEL_NOT_CONFIGURED: true,
  KERN_MODEL_HTTP: true,
  KERN_MODEL_NETWORK: true,
  KERN_MODEL_STALLED: true,
  KERN_MODEL_CANCELLED: true,
  KERN_MODEL_BAD_RESPONSE: true,
  KERN_EMBEDDING_FAILED: true,
  KERN_TOOL_FAILED: true,
  KERN_TELEGRAM_API: true,
  KERN_TELEGRAM_NETWORK: true,
  KERN_DAEMON_NOT_RUNNING: true,
  KERN_DAEMON_START_FAILED: true,
  KERN_DAEMON_API: true,
  KERN_NOT_FOUND: true,
  KERN_UNAUTHORIZED: true,
  KERN_BAD_REQUEST: true,
  KERN_PAIRING_UNKNOWN: true,
  KERN_NOT_A_TERMINAL: true,
  KERN_FORBIDDEN: true,
  KERN_BODY_TOO_LARGE: true,
  KERN_HEADERS_TOO_LARGE: true,
  KERN_UNSUPPORTED_MEDIA_TYPE: true,
  KERN_INTERNAL: true,
  KERN_UNAVAILABLE: true,
  KERN_QUEUE_FULL: true,
};

function isKnownCode(code: string): code is KernErrorCode {
  return Object.hasOwn(KNOWN_CODES, code);
}

/** The daemon answered with an HTTP error: keep its code when it is ours, else KERN_DAEMON_API. */
export function httpErrorToDaemonError(options: {
  status: number;
  bodyText: string;
  what: string;
}): DaemonError {
  const { status, bodyText, what } = options;
  const body = errorBodySchema.safeParse(parseJsonOrUndefined(bodyText)); // not JSON: the HTTP status decides;
  if (body.success) {
    const { code, message } = body.data.error;
    return new DaemonError(isKnownCode(code) ? code : "KERN_DAEMON_API", message);
  }
  if (status === 401) {
    return new DaemonError(
      "KERN_UNAUTHORIZED",
      `the daemon refused the token for ${what} — use KERN_AUTH_TOKEN from the agent's .kern/.env`,
    );
  }
  if (status === 404) return new DaemonError("KERN_NOT_FOUND", `${what}: not found (HTTP 404)`);
  return new DaemonError(
    "KERN_DAEMON_API",
    `the daemon answered HTTP ${status} to ${what} — see the agent's .kern/logs/kern.log`,
  );
}

/** fetch itself failed: nothing listens at the URL (or the connection broke before an answer). */
export function notRunningError(baseUrl: string, cause: unknown): DaemonError {
  return new DaemonError(
    "KERN_DAEMON_NOT_RUNNING",
    `the daemon at ${baseUrl} is not answering — start it with 'kern start DIR'`,
    { cause },
  );
}

export function timeoutError(options: { baseUrl: string; what: string; timeoutMs: number }) {
  return new DaemonError(
    "KERN_DAEMON_API",
    `the daemon at ${options.baseUrl} did not answer ${options.what} within ${options.timeoutMs} ms — see the agent's .kern/logs/kern.log`,
  );
}

/** The answer was not the shape the protocol promises (a daemon of another version?). */
export function badResponseError(what: string, detail: string): DaemonError {
  return new DaemonError(
    "KERN_DAEMON_API",
    `the daemon's answer to ${what} has an unexpected shape (${detail}) — are the CLI and the daemon the same kern version?`,
  );
}
