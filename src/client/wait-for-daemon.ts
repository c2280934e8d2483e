// Polls the daemon until it answers, for `kern start` and `kern tui` right after spawning it.
import type { AgentStatus } from "../kernel/index.js";
import { DaemonError, isKernError } from "../kernel/index.js";
import type { DaemonClient } from "./daemon-client.js";

export interface WaitForDaemonOptions {
  timeoutMs: number;
  /** Pause between attempts. Default 100 ms: a daemon usually answers within a few hundred. */
  intervalMs?: number;
}

/**
 * Resolves with the first status the daemon answers. Retries only while nothing answers
 * (KERN_DAEMON_NOT_RUNNING); any other error (a wrong token, say) is thrown at once. Throws
 * KERN_DAEMON_NOT_RUNNING when `timeoutMs` passes without an answer.
 */
export async function waitForDaemon(
  client: DaemonClient,
  options: WaitForDaemonOptions,
): Promise<AgentStatus> {
  const deadline = Date.now() + options.timeoutMs;
  const intervalMs = options.intervalMs ?? 100;
  for (;;) {
    try {
      return await client.status();
    } catch (error) {
      if (!isKernError(error) || error.code !== "KERN_DAEMON_NOT_RUNNING") throw error;
      if (Date.now() + intervalMs > deadline) {
        throw new DaemonError(
          "KERN_DAEMON_NOT_RUNNING",
          `the daemon at ${client.baseUrl} did not answer within ${options.timeoutMs} ms — see the agent's .kern/logs/kern.log`,
          { cause: error },
        );
      }
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}
