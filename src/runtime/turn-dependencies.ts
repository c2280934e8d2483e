// What one turn runs with: the store and memory, its model (a turn source may name another), its
// prompt budget, its tools (from the registry, in the turn's scope) and their context.
import { createRedactor, type Envelope, type RuntimeEvent } from "../kernel/index.js";
import type { ChannelRegistry } from "./channel.js";
import { collectImageParts, visionByModel } from "./media/image-parts.js";
import type { TurnDependencies } from "./run-turn.js";
import type { RuntimeOptions } from "./runtime-options.js";
import { NO_SANDBOX } from "./sandbox/index.js";
import type { Tool, ToolScope } from "./tools/tool.js";
import type { TurnInfo } from "./tools/tool-source.js";
import { narrowerScope, type TurnOptions } from "./turn-request.js";

export interface BuildTurnDependenciesOptions {
  runtime: RuntimeOptions;
  turn: { turnId: string; envelope: Envelope; options?: TurnOptions };
  tools: (turn: TurnInfo, scope: ToolScope) => Tool[];
  channels: ChannelRegistry;
  emit: (event: RuntimeEvent) => void;
  status: () => Promise<string>;
}

export function buildTurnDependencies(options: BuildTurnDependenciesOptions): TurnDependencies {
  const { config, store, memory, logger, clock, pairing } = options.runtime;
  const { turn } = options;
  const turnOptions = turn.options ?? {};
  const info: TurnInfo = {
    id: turn.turnId,
    kind: turnOptions.kind ?? "message",
    envelope: turn.envelope,
    depth: 0,
  };
  const chat = options.runtime.model;
  return {
    store,
    memory,
    model: chat && turnOptions.model ? { client: chat.client, model: turnOptions.model } : chat,
    // A light prompt (a smaller budget) carries no <recall> block.
    config: {
      maxSteps: config.maxSteps,
      autoRecall: config.autoRecall && !turnOptions.maxContextTokens,
    },
    ...(turnOptions.maxContextTokens ? { maxContextTokens: turnOptions.maxContextTokens } : {}),
    tools: options.tools(info, narrowerScope(config.toolScope, turnOptions.toolScope)),
    toolContext: {
      agentDir: config.agentDir,
      memory,
      bashTimeoutMs: config.bashTimeoutMs,
      sandbox: options.runtime.sandbox ?? NO_SANDBOX,
      readMaxBytes: config.readMaxBytes,
      logger: logger.child({ component: "tools" }),
      channels: options.channels,
      pairedUsers: async () => (await pairing.list()).paired,
      status: options.status,
      turn: info,
    },
    toolOutput: {
      dir: options.runtime.toolOutputDir ?? null,
      keepBytes: config.toolOutputKeepBytes,
    },
    redact: createRedactor(config.secrets.named), // a handful of values: microseconds a turn
    emit: options.emit,
    clock,
    logger: logger.child({ component: "turn" }),
    ...imageDependency(options.runtime),
  };
}

/** Image parts for the newest `mediaContext` turns, when the chat model takes images. */
function imageDependency(runtime: RuntimeOptions): Pick<TurnDependencies, "images"> {
  const { config, media, model } = runtime;
  const vision = config.vision ?? (model ? visionByModel(model.model) : false);
  if (!media || !vision || config.mediaContext === 0) return {};
  return {
    images: (window) =>
      collectImageParts({
        window,
        mediaContext: config.mediaContext,
        read: (attachment) => media.store.read(attachment),
      }),
  };
}
