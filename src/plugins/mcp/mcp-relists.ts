// `tools/list` on a session's list_changed, coalesced: at most one a second and one at a time,
// however many notifications arrive (issue 49 item 10); a flood is logged once a minute. A list
// that fails is logged and the tools stay as they were.
import { type Clock, describeError, type Redact } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import { CoalescedRun } from "./coalesced-run.js";
import { listMcpTools, type McpRemoteTool } from "./list-mcp-tools.js";
import type { McpSession } from "./mcp-transport.js";

/** Least time between two `tools/list` after list_changed notifications. */
const RELIST_INTERVAL_MS = 1_000;
/** list_changed notifications in a minute past which the server floods (and it is logged). */
const LIST_CHANGED_FLOOD = 100;

export interface RelistOptions {
  session: McpSession;
  server: string;
  logger: Logger;
  clock: Clock;
  timeoutMs: number;
  redact: Redact;
  /** The server's new list. */
  onTools(tools: McpRemoteTool[]): void;
}

export function createRelists(options: RelistOptions): CoalescedRun {
  const { server, logger } = options;
  const relists: CoalescedRun = new CoalescedRun({
    run: () => relist(options),
    minIntervalMs: RELIST_INTERVAL_MS,
    clock: options.clock,
    floodThreshold: LIST_CHANGED_FLOOD,
    windowMs: 60_000,
    onFlood: (requests, windowMs) =>
      logger.warn(
        { server, notifications: requests, windowMs, listsSoFar: relists.runs },
        `mcp server sends a flood of tools/list_changed; re-listing at most once per ${RELIST_INTERVAL_MS} ms`,
      ),
  });
  return relists;
}

async function relist(options: RelistOptions): Promise<void> {
  try {
    const signal = AbortSignal.timeout(options.timeoutMs);
    const tools = await listMcpTools(options.session.client, options.server, {
      signal,
      timeout: options.timeoutMs,
    });
    options.onTools(tools);
  } catch (error) {
    options.logger.warn(
      { server: options.server, error: options.redact(describeError(error)) },
      "mcp tools/list after list_changed failed",
    );
  }
}
