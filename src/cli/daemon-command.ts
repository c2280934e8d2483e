// Helpers shared by commands that talk to the daemon: how to re-run this CLI, and a client.
import type { DaemonClient } from "../client/index.js";
import type { DaemonAddress } from "../daemon/address/index.js";

/** argv that re-runs this very CLI (works from compiled JS and from tsx). */
export function selfCommand(): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] as string];
}

/** A client for the agent's running daemon, or null when none runs. */
export async function connectDaemon(
  agentDir: string,
): Promise<{ client: DaemonClient; address: DaemonAddress } | null> {
  // Loaded here, not at start-up: zod alone costs ~60 ms, which `kern --version` must not pay.
  const { findDaemon } = await import("../daemon/address/index.js");
  const address = await findDaemon(agentDir);
  if (!address) return null;
  const { createDaemonClient } = await import("../client/index.js");
  return { client: createDaemonClient({ baseUrl: address.url, token: address.token }), address };
}
