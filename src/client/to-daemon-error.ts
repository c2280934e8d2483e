// Turns what went wrong on the wire into a DaemonError with a catalogue code (SG-14): the daemon's
// `{ error: { code, message } }` body, a bare HTTP status, a refused connection or a timeout. Pure.
import { DaemonError, isKernErrorCode, parseJsonOrUndefined } from "../kernel/index.js";
import { errorBodySchema } from "../protocol/index.js";

/** The daemon answered with an HTTP error: keep its code when it is ours, else KERN_DAEMON_API. */
export function httpErrorToDaemonError(options: {
  status: number;
  bodyText: string;
  what: string;
}): DaemonError {
  const { status, bodyText, what } = options;
  const body = errorBodySchema.safeParse(parseJsonOrUndefined(bodyText)); // not JSON: the HTTP status decides
  if (body.success) {
    const { code, message } = body.data.error;
    return new DaemonError(isKernErrorCode(code) ? code : "KERN_DAEMON_API", message);
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
