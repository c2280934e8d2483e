// A tool the agent can call: a zod schema for its arguments, the scope it needs, and `run`.
// Tools never throw at the loop: failures become error results the model can read.
import type { z } from "zod";
import type { Envelope, ProcessRow } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { MemoryPort } from "../memory-port.js";
import type { OutboundSender } from "../runtime-api.js";

export type ToolScope = "full" | "write" | "read";

/** The turn that called a tool: its id, its envelope, and how deep (0 main, 1 a sub-agent). */
export interface TurnInfo {
  id: string;
  envelope: Envelope;
  depth: number;
}

/** Starts background commands (runtime/processes/): `bash` with `background: true`. */
export interface BackgroundStarter {
  start(options: { command: string; cwd: string; turn: TurnInfo }): ProcessRow;
}

export interface ToolContext {
  agentDir: string;
  signal: AbortSignal;
  memory: MemoryPort;
  bashTimeoutMs: number;
  logger: Logger;
  senders: readonly OutboundSender[];
  pairedUsers: () => Promise<Array<{ userId: string; chatId: string; name: string }>>;
  status: () => Promise<string>;
  turn?: TurnInfo;
  background?: BackgroundStarter;
}

export interface Tool<Schema extends z.ZodType = z.ZodType> {
  name: string;
  description: string;
  /** The lowest toolScope that offers this tool: read < write < full. */
  scope: ToolScope;
  parameters: Schema;
  run(args: z.infer<Schema>, context: ToolContext): Promise<string>;
}

/** Builds a tool with its argument type inferred from the schema. */
export function defineTool<Schema extends z.ZodType>(tool: Tool<Schema>): Tool {
  return tool as unknown as Tool;
}

const RANK: Record<ToolScope, number> = { read: 0, write: 1, full: 2 };

export function isToolInScope(tool: Tool, scope: ToolScope): boolean {
  return RANK[tool.scope] <= RANK[scope];
}
