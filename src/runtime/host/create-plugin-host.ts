// Builds the host object one plugin gets (SPEC §17): its registrations go to the runtime's
// registries under its name, its hooks to the lifecycle, its logger is a child with its name, its
// routes are mounted under `/plugins/NAME/` (a built-in's at its own documented paths).
import { z } from "zod";
import type { Logger } from "../../log/index.js";
import { defineTool, type Tool } from "../tools/tool.js";
import type { KernPlugin, PluginHost, PluginToolDefinition } from "./kern-plugin.js";
import type { KernServices } from "./kern-services.js";
import type { PluginLifecycle } from "./plugin-lifecycle.js";
import type { PluginRegistries } from "./plugin-registries.js";

export interface PluginHostParts {
  registries: PluginRegistries;
  lifecycle: PluginLifecycle;
  services: KernServices;
  logger: Logger;
  enqueue: PluginHost["enqueue"];
  submit: PluginHost["submit"];
  subscribe: PluginHost["subscribe"];
}

export interface PluginEntry {
  plugin: KernPlugin;
  config: Readonly<Record<string, unknown>>;
  /** kern's own plugins mount routes at their documented paths; others under /plugins/NAME. */
  builtin: boolean;
}

/**
 * A plugin's host, and `commit` / `abandon` for after its setup: registrations wait until the
 * setup returned, so a plugin whose setup throws leaves nothing registered (its subscriptions
 * are ended too).
 */
export function createPluginHost(
  entry: PluginEntry,
  parts: PluginHostParts,
): { host: PluginHost; commit(): void; abandon(): void } {
  const { registries, lifecycle } = parts;
  const name = entry.plugin.name;
  const log = parts.logger.child({ plugin: name });
  const staged: Array<() => void> = [];
  const subscriptions: Array<() => void> = [];
  const toolNames = new Set<string>();
  const commandNames = new Set<string>();
  const stage = (action: () => void) => {
    staged.push(action);
  };
  const host: PluginHost = {
    name,
    config: entry.config,
    log,
    registerTool: (tool) => {
      claimName(toolNames, tool.name, registries.tools.offers(tool.name), "tool");
      const definition = toTool(tool);
      stage(() =>
        registries.tools.register({ id: `plugin:${name}:${tool.name}`, tools: () => [definition] }),
      );
    },
    registerToolSource: (source) => stage(() => registries.tools.register(source)),
    registerCommand: (command) => {
      claimName(commandNames, command.name, registries.commands.has(command.name), "command");
      stage(() => registries.commands.register(command));
    },
    registerChannel: (channel) => stage(() => registries.channels.register(channel)),
    registerPromptSection: (section) => stage(() => registries.addPromptSection(section)),
    registerStatusSection: (section) => stage(() => registries.addStatusSection(name, section)),
    registerRoutes: (routes) =>
      stage(() => registries.addRoutes(name, entry.builtin ? "" : `/plugins/${name}`, routes)),
    registerTurnKind: (kind) => stage(() => registries.addTurnKind(kind)),
    enqueue: parts.enqueue,
    submit: parts.submit,
    subscribe: (listener) => {
      const unsubscribe = parts.subscribe(listener);
      subscriptions.push(unsubscribe);
      return unsubscribe;
    },
    onStart: (hook) => stage(() => lifecycle.onStart(name, hook)),
    onStop: (hook) => stage(() => lifecycle.onStop(name, hook)),
    kern: parts.services,
  };
  return {
    host,
    commit: () => {
      for (const action of staged.splice(0)) action();
    },
    abandon: () => {
      staged.length = 0;
      for (const unsubscribe of subscriptions.splice(0)) unsubscribe();
    },
  };
}

/**
 * Refuses a tool or command name taken by kern, an earlier plugin or this one, during setup, where
 * the plugin's report says so: a turn's tool list keeps the first offer of a name, so a second one
 * would be dropped without a word.
 */
function claimName(mine: Set<string>, name: string, taken: boolean, what: "tool" | "command") {
  const shown = what === "command" ? `/${name}` : name;
  if (taken || mine.has(name))
    throw new Error(`the ${what} ${shown} is registered already; rename the plugin's ${what}`);
  mine.add(name);
}

/** A plugin's JSON Schema tool as the loop runs it: arguments checked against that schema. */
function toTool(definition: PluginToolDefinition): Tool {
  return defineTool({
    name: definition.name,
    description: definition.description,
    scope: definition.scope,
    inputSchema: definition.parameters,
    parameters: argumentsSchema(definition.parameters),
    run: (args, context) =>
      definition.run(args as Record<string, unknown>, {
        agentDir: context.agentDir,
        signal: context.signal,
        logger: context.logger,
        turn: context.turn,
      }),
  });
}

/** zod's reading of the plugin's JSON Schema; any object when zod cannot read that schema. */
function argumentsSchema(schema: Record<string, unknown>): z.ZodType {
  try {
    return z.fromJSONSchema(schema as Parameters<typeof z.fromJSONSchema>[0]);
  } catch {
    return z.record(z.string(), z.unknown());
  }
}
