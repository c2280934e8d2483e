// How a daemon that fails during start-up tells `kern start` why (issue 14): the starting CLI
// spawns it with an IPC channel, the child sends its own error (code + message) before it exits,
// and the CLI re-raises it, so `start`, `tui` and `restart` print the real problem and exit with
// its code (3 for a bad config) instead of "see daemon.out".
import type { ChildProcess } from "node:child_process";
import { z } from "zod";
import {
  ConfigError,
  DaemonError,
  describeError,
  isKernError,
  isKernErrorCode,
  type KernError,
} from "../kernel/index.js";

const startFailureSchema = z.object({
  type: z.literal("kern-start-failed"),
  code: z.string().regex(/^KERN_[A-Z_]+$/),
  message: z.string(),
});

/** In the daemon process: sends `error` to the CLI that started it, if one listens. */
export function reportStartFailure(error: unknown): Promise<void> {
  const send = process.send?.bind(process);
  if (!send || !process.connected) return Promise.resolve();
  const message = {
    type: "kern-start-failed",
    code: isKernError(error) ? error.code : "KERN_DAEMON_START_FAILED",
    message: isKernError(error)
      ? error.message
      : `the daemon failed to start: ${describeError(error)} (details in .kern/daemon.out)`,
  };
  return new Promise((resolve) => {
    send(message, undefined, {}, () => {
      if (process.connected) process.disconnect();
      resolve();
    });
  });
}

/** In the CLI: the error the child reports, once it has exited (null if it sent none). */
export function watchStartReport(child: ChildProcess): { exited: Promise<KernError | null> } {
  let reported: KernError | null = null;
  child.on("message", (raw: unknown) => {
    const parsed = startFailureSchema.safeParse(raw);
    if (parsed.success) reported = toKernError(parsed.data.code, parsed.data.message);
  });
  // 'close' comes after the IPC channel has delivered every message the child sent.
  const exited = new Promise<KernError | null>((resolve) => {
    child.once("close", () => resolve(reported));
  });
  return { exited };
}

function toKernError(code: string, message: string): KernError {
  const kernCode = isKernErrorCode(code) ? code : "KERN_DAEMON_START_FAILED";
  const isConfig = kernCode.startsWith("KERN_CONFIG") || kernCode === "KERN_NO_AGENT";
  return isConfig ? new ConfigError(kernCode, message) : new DaemonError(kernCode, message);
}
