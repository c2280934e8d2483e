// kern's own features, as plugins on the host (SPEC §17): one line each. Their order is the order
// they start in; they stop in reverse (channels first, so no message comes in while the rest
// stops; background work last).
import type { Transcriber } from "../model/index.js";
import { discordPlugin } from "../plugins/discord/index.js";
import { createJobsPlugin, type JobActionRunner } from "../plugins/jobs/index.js";
import { mcpPlugin } from "../plugins/mcp/index.js";
import { createMediaPlugin } from "../plugins/media/index.js";
import { metricsPlugin } from "../plugins/metrics/index.js";
import { processesPlugin } from "../plugins/processes/index.js";
import { recallWarmupPlugin } from "../plugins/recall-warmup/index.js";
import { skillsPlugin } from "../plugins/skills/index.js";
import { subagentsPlugin } from "../plugins/subagents/index.js";
import { createTelegramPlugin, type TelegramBotInfo } from "../plugins/telegram/index.js";
import { webToolsPlugin } from "../plugins/web-tools/index.js";
import type { KernPlugin } from "../runtime/index.js";

export interface BuiltinPluginsOptions {
  /** Replaces the transcriber of voice notes (null = none even if configured): tests. */
  transcriber?: Transcriber | null;
  telegramBotInfo?: TelegramBotInfo;
  /** What runs a job's action (a backup) instead of a prompt. */
  jobActions?: JobActionRunner;
}

export function builtinPlugins(options: BuiltinPluginsOptions = {}): KernPlugin[] {
  return [
    recallWarmupPlugin,
    metricsPlugin,
    processesPlugin,
    subagentsPlugin,
    mcpPlugin,
    skillsPlugin,
    webToolsPlugin,
    createMediaPlugin(
      options.transcriber !== undefined ? { transcriber: options.transcriber } : {},
    ),
    createJobsPlugin(options.jobActions ? { actions: options.jobActions } : {}),
    createTelegramPlugin(options.telegramBotInfo ? { botInfo: options.telegramBotInfo } : {}),
    discordPlugin,
  ];
}
