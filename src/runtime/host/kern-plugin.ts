// The plugin contract (SPEC §17): a plugin is `{ name, setup(host) }`, and the host is the one
// object it registers through. kern's own features are plugins on this same contract; the core
// (queue, turn loop, memory, storage, HTTP) names none of them. Types only.
import type { InboundEnvelope, Origin, RuntimeEvent, TurnKind } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { Channel } from "../channels/channel.js";
import type { ChatCommandHandler } from "../chat-commands.js";
import type { ToolContext, ToolResult, ToolScope } from "../tools/tool.js";
import type { ToolSource } from "../tools/tool-source.js";
import type { TurnRequest } from "../turn-request.js";
import type { KernServices } from "./kern-services.js";
import type { PluginRoute } from "./plugin-route.js";

/** @public The route types plugin authors write against (docs/plugins.md). */
export type { PluginRequest, PluginRoute } from "./plugin-route.js";

/** A plugin: a module whose default export (or a built-in's named export) is this object. */
export interface KernPlugin {
  /** Lower-case letters, digits and dashes; unique among the daemon's plugins. */
  name: string;
  /** Registers what the plugin brings; may be async. A throw skips the plugin, never the daemon. */
  setup(host: PluginHost): void | Promise<void>;
}

/** A tool as a plugin declares it: JSON Schema parameters (SPEC §17). */
export interface PluginToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object, sent to the model as written. */
  parameters: Record<string, unknown>;
  scope: ToolScope;
  /** A string is one text part. A throw becomes an error result the model reads. */
  run(args: Record<string, unknown>, context: PluginToolContext): Promise<string | ToolResult>;
}

/** The small context a plugin's tool call gets (vercel/ai's shape): the turn, a signal, a log. */
export type PluginToolContext = Pick<ToolContext, "agentDir" | "signal" | "logger" | "turn">;

/**
 * A chat command answered without the model, as `/NAME`, in every interface (SPEC §17):
 * `{ name, help, usage?, operatorOnly?, answer(argument, asker) }`. A member asking for an
 * operator's command gets one line saying so; nothing runs (SPEC §16).
 */
export type PluginCommand = ChatCommandHandler;

/** A tagged section of the system prompt after the parts that never change (`<skills>`). */
export interface PromptSection {
  /** The tag: lower-case letters and underscores. Outside text cannot forge it. */
  tag: string;
  /** Read afresh for every model step; empty = the section is left out. */
  text(): Promise<string> | string;
}

/** A part of `GET /status`, `kern status` and `/status` (SPEC §17). */
export interface StatusSection {
  name: string;
  /** The JSON value under `sections.NAME` of the status; null = nothing to show. */
  read(): unknown;
  /** The lines `kern status` and `/status` print for that value. */
  lines(value: unknown): string[];
}

/** A turn source's kind (SPEC §13): its envelope names the source, `[via NAME …]`. */
export interface TurnKindDefinition {
  name: TurnKind;
  /** Unattended work (jobs, heartbeat, results): counts against the budget, approvals apply. */
  unattended: boolean;
}

/** What a plugin may queue: a turn of a registered kind, with its origin when it has one. */
export type PluginTurnRequest = TurnRequest & { origin?: Origin };

export interface PluginHost {
  /** The plugin's own name. */
  readonly name: string;
  /** The `config` object of its entry in config `plugins` (a built-in's own config section). */
  readonly config: Readonly<Record<string, unknown>>;
  /** A child logger with `{ plugin: NAME }`. */
  readonly log: Logger;
  registerTool(tool: PluginToolDefinition): void;
  /** Tools that change per turn or over time (an MCP server's, `spawn` by depth). */
  registerToolSource(source: ToolSource): void;
  registerCommand(command: PluginCommand): void;
  registerChannel(channel: Channel): void;
  registerPromptSection(section: PromptSection): void;
  registerStatusSection(section: StatusSection): void;
  registerRoutes(routes: readonly PluginRoute[]): void;
  registerTurnKind(kind: TurnKindDefinition): void;
  /** Queues a turn of a registered kind; throws KERN_UNAVAILABLE / KERN_QUEUE_FULL. */
  enqueue(request: PluginTurnRequest): { turnId: string };
  /** A person's message from a channel (the runtime sets the role from pairing). */
  submit(envelope: InboundEnvelope): { turnId: string };
  subscribe(listener: (event: RuntimeEvent) => void): () => void;
  /** Runs once the daemon listens, in plugin order. */
  onStart(hook: () => void | Promise<void>): void;
  /** Runs when the daemon stops, in reverse plugin order. */
  onStop(hook: () => void | Promise<void>): void;
  /**
   * The agent's services: config, folders, clock, store, memory, model, the runtime's queries,
   * pairing, approvals, the sandbox. kern's own plugins use them; for outside plugins they are
   * not a stable API (docs/plugins.md).
   */
  readonly kern: KernServices;
}
