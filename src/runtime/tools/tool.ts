// A tool the agent can call: a zod schema for its arguments, the scope it needs, and `run`.
// Tools never throw at the loop: failures become error results the model can read.
import type { z } from "zod";
import type { Envelope, Origin, PairedUser, TurnKind } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { ChannelRegistry } from "../channels/channel.js";
import type { MemoryPort } from "../memory-port.js";

import type { Sandbox } from "../sandbox/index.js";

export type ToolScope = "full" | "write" | "read";

/** The turn a tool runs in: which one, what started it, how deep in sub-agents. */
export interface TurnInfo {
  id: string;
  kind: TurnKind;
  envelope: Envelope;
  /** 0 for the main session's turns; 1 inside a sub-agent, and so on. */
  depth: number;
  /** Who started the chain of work this turn belongs to (SPEC §16); absent = the operator. */
  origin?: Origin;
}

export interface ToolContext {
  agentDir: string;
  signal: AbortSignal;
  memory: MemoryPort;
  bashTimeoutMs: number;
  /** Where `bash` runs (SPEC §16). */
  sandbox: Sandbox;
  /** Most bytes one `read` call returns (config `readMaxBytes`). */
  readMaxBytes: number;
  logger: Logger;
  /** The chat channels registered with the runtime (the `message` tool sends through them). */
  channels: ChannelRegistry;
  pairedUsers: () => Promise<PairedUser[]>;
  status: () => Promise<string>;
  /** The turn the call belongs to (a `schedule` call's default reply route is its envelope's). */
  turn: TurnInfo;
  /** Starts background commands (`bash` with background: true; runtime/processes/). */
  background?: BackgroundStarter;
}

/** Starts a background command for a turn and returns at once (the processes plugin). */
export interface BackgroundStarter {
  /** The started command's id and pid; throws when it cannot start (a limit, a spawn error). */
  start(options: { command: string; cwd: string; turn: TurnInfo }): { id: string; pid: number };
}

/** One part of a tool's result: text, or an image the model may see (base64 bytes). */
export type ToolResultPart =
  | { type: "text"; text: string }
  | { type: "image"; mediaType: string; data: string };

/** A result with parts and, for a failure, a stable code the model can read. */
export interface ToolResult {
  parts: ToolResultPart[];
  isError?: boolean;
  code?: string;
}

export interface Tool<Schema extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  /** The lowest toolScope that offers this tool: read < write < full. */
  scope: ToolScope;
  parameters: Schema;
  /**
   * The JSON schema the model gets for the arguments, when it is not derived from `parameters`:
   * an MCP server's own schema, sent as the server wrote it (`parameters` still checks the shape).
   */
  inputSchema?: Record<string, unknown>;
  /**
   * Whether this call is risky for its arguments (SPEC §16: `message` to another chat); absent =
   * risky when the tool is `full`-scope. Risky calls may need the operator's approval.
   */
  risky?(args: z.infer<Schema>, turn: TurnInfo): boolean;
  /** A string is one text part. Throwing is allowed: the loop turns it into an error result. */
  run(args: z.infer<Schema>, context: ToolContext): Promise<string | ToolResult>;
}

/** Builds a tool with its argument type inferred from the schema. */
export function defineTool<Schema extends z.ZodType>(tool: Tool<Schema>): Tool {
  return tool as unknown as Tool;
}

const RANK: Record<ToolScope, number> = { read: 0, write: 1, full: 2 };

export function isToolInScope(tool: Tool, scope: ToolScope): boolean {
  return RANK[tool.scope] <= RANK[scope];
}
