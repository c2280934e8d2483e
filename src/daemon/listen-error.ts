// Turns a failed `listen` into an error that names the port and the two ways to change it
// (issue 14): `listen EADDRINUSE` alone leaves a new user stuck.
import { DaemonError, describeError } from "../kernel/index.js";

const HOW_TO_CHANGE =
  'change the port: set "port" in .kern/config.json (null picks a free one and\n  keeps it), or export KERN_PORT=N for one run';

/** The DaemonError for a listen failure on `host:port`; other errors pass through. */
export function toListenError(error: unknown, host: string, port: number): unknown {
  const code = (error as NodeJS.ErrnoException | null)?.code;
  if (code === "EADDRINUSE") {
    return new DaemonError(
      "KERN_DAEMON_START_FAILED",
      `port ${port} on ${host} is already in use by another process.\n  Stop that process, or ${HOW_TO_CHANGE}.`,
      { cause: error },
    );
  }
  if (code === "EACCES" || code === "EADDRNOTAVAIL") {
    return new DaemonError(
      "KERN_DAEMON_START_FAILED",
      `cannot listen on ${host}:${port} (${describeError(error)}).\n  Check "host" in .kern/config.json, or ${HOW_TO_CHANGE}.`,
      { cause: error },
    );
  }
  return error;
}
