// What kern shows of its extensions (SPEC §14): MCP servers and skills, for the API, the CLI,
// chat commands and the web page. Types only.

export type McpServerState = "starting" | "ready" | "failed" | "stopped";
export type McpTransportKind = "stdio" | "streamable-http" | "sse";

export interface McpServerView {
  name: string;
  state: McpServerState;
  transport: McpTransportKind | null;
  /** The lowest agent toolScope that offers this server's tools. */
  toolScope: "full" | "write" | "read";
  /** As the model calls them: `SERVER__TOOL`. */
  tools: Array<{ name: string; description: string }>;
  /** Why it is not ready (with its stderr tail), or why it last went down. */
  error: string | null;
  /** Failed starts in a row. */
  failures: number;
  /** A restart is scheduled. */
  retrying: boolean;
}

export interface McpListView {
  /** False when no daemon runs: the servers are as configured, not started. */
  running: boolean;
  servers: McpServerView[];
}

export interface SkillView {
  name: string;
  description: string;
  /** `skills/NAME`, relative to the agent folder. */
  folder: string;
}

export interface SkillsListView {
  skills: SkillView[];
  /** Folders under skills/ that are not valid skills, with why. */
  problems: Array<{ path: string; problem: string }>;
}
