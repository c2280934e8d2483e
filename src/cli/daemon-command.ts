// Helpers shared by commands that talk to the daemon: how to re-run this CLI, and a client.
import { createDaemonClient, type DaemonClient } from "../client/index.js";
import { type DaemonAddress, findDaemon } from "../daemon/index.js";

/** argv that re-runs this very CLI (works from compiled JS and from tsx). */
export function selfCommand(): string[] {
  return [process.execPath, ...process.execArgv, process.argv[1] as string];
}

/** A client for the agent's running daemon, or null when none runs. */
export async function connectDaemon(
  agentDir: string,
): Promise<{ client: DaemonClient; address: DaemonAddress } | null> {
  const address = await findDaemon(agentDir);
  if (!address) return null;
  return { client: createDaemonClient({ baseUrl: address.url, token: address.token }), address };
}
