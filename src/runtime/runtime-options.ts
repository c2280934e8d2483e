// What a Runtime is built from (the composition root passes it in).

import type { Config } from "../config/index.js";
import type { Clock } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import type { ModelClient } from "../model/index.js";
import type { AgentStore, TurnQueueFile } from "../store/index.js";
import type { Importer } from "./import-task.js";
import type { MemoryPort } from "./memory-port.js";
import type { PairingApi } from "./runtime-api.js";
import type { Sandbox } from "./sandbox/index.js";

export interface RuntimeOptions {
  config: Config;
  store: AgentStore;
  memory: MemoryPort;
  model: { client: ModelClient; model: string } | null;
  pairing: PairingApi;
  logger: Logger;
  clock: Clock;
  /** The API's address once it listens (for status). */
  endpoint?: () => { port: number | null; url: string | null };
  /** Called for `/restart`; the daemon restarts itself. */
  onRestartRequest?: () => void;
  /** Where accepted turns are kept until they ran (absent: in memory only, as in some tests). */
  queueFile?: TurnQueueFile;
  /** Appends an uploaded conversation and builds its memory (absent: imports are refused). */
  importer?: Importer;
  /** `.kern/approvals.json` (absent: approvals are kept in memory only, as in some tests). */
  approvalsFile?: string;
  /** How long a parked call waits for the operator (config `approvalTimeout`). */
  approvalTimeoutMs: number;
  /** The agent's IANA time zone (config `timezone`, else the host's): "today" of the budget. */
  timezone: string;
  /** `.kern/tool-output`: long tool outputs kept whole (absent: only their bounded form is kept). */
  toolOutputDir?: string;
  /** Where bash, background commands and stdio MCP servers run (absent: unconfined, as in tests). */
  sandbox?: Sandbox;
}
