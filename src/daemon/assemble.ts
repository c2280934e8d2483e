// The one composition root (SG-4): builds every concrete adapter of a daemon — logger, store,
// model client, memory engine, runtime, web server, Telegram bot — each replaceable by tests.
import { existsSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { agentPaths, type Config, loadConfig, updateConfigFile } from "../config/index.js";
import {
  approvedReply,
  createTelegramBot,
  type TelegramBot,
  type TelegramBotInfo,
} from "../interfaces/telegram/index.js";
import { createWebServer, type WebServer } from "../interfaces/web/index.js";
import { type Clock, ConfigError, KernError, SYSTEM_CLOCK } from "../kernel/index.js";
import { createFileLogger, type Logger } from "../log/index.js";
import {
  countMessageTokens,
  createLocalEmbedder,
  createRemoteEmbedder,
  type Embedder,
  MemoryEngine,
} from "../memory/index.js";
import { createOpenAiCompatibleClient, type ModelClient } from "../model/index.js";
import type { AgentJobs, Channel, PairedUser } from "../runtime/index.js";
import { Runtime } from "../runtime/index.js";
import { PairingStore } from "../runtime/pairing-store.js";
import { type AgentStore, openAgentStore, TurnQueueFile } from "../store/index.js";
import { assembleJobs } from "./assemble-jobs.js";
import { createDaemonImporter } from "./daemon-importer.js";
import { TEMPLATES_DIR } from "./init-agent.js";
import { toListenError } from "./listen-error.js";
import { withApprovalNotice } from "./pairing-notice.js";

/** Built web assets (npm run build → dist/web). */
export const DEFAULT_STATIC_DIR = resolve(
  dirname(fileURLToPath(import.meta.url)),
  "../../dist/web",
);

export interface AssembleDaemonOptions {
  agentDir: string;
  env?: Record<string, string | undefined>;
  config?: Config;
  logger?: Logger;
  clock?: Clock;
  /** Replaces the OpenAI-compatible client (null = no model even if configured). */
  modelClient?: ModelClient | null;
  embedder?: Embedder;
  /** The accepted-turns file (default: `.kern/queue.jsonl` with the usual compaction). */
  queueFile?: TurnQueueFile;
  staticDir?: string;
  telegramBotInfo?: TelegramBotInfo;
  /** Called on /restart (the CLI's `run` re-executes itself); default: stop only. */
  onRestartRequest?: () => void;
}

export interface Daemon {
  readonly config: Config;
  readonly runtime: Runtime;
  readonly memory: MemoryEngine;
  readonly store: AgentStore;
  readonly logger: Logger;
  readonly web: WebServer;
  readonly telegram: TelegramBot | null;
  /** Jobs, the heartbeat and the unattended budget (SPEC §13). */
  readonly jobs: AgentJobs;
  /** Starts the API (sticky port), closes interrupted turns, starts Telegram. */
  listen(): Promise<{ port: number; url: string }>;
  /** Graceful stop: intake off, current step ends, memory drained, logs flushed, db closed. */
  stop(): Promise<void>;
}

export function buildModel(
  config: Config,
  options: Pick<AssembleDaemonOptions, "modelClient">,
  logger: Logger,
): ModelClient | null {
  if (options.modelClient !== undefined) return options.modelClient;
  if (!config.model || !config.resolvedBaseUrl) return null;
  return createOpenAiCompatibleClient({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    provider: config.provider,
    firstByteTimeoutMs: config.firstByteTimeoutMs,
    idleTimeoutMs: config.idleTimeoutMs,
    maxRetries: config.modelRetries,
    logger: logger.child({ component: "model" }),
  });
}

export function buildEmbedder(config: Config, logger: Logger): Embedder {
  if (config.embeddingModel === "local") return createLocalEmbedder();
  if (!config.resolvedBaseUrl) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `embeddingModel "${config.embeddingModel}" needs an endpoint: set baseUrl in .kern/config.json or export KERN_BASE_URL, or use "local"`,
    );
  }
  return createRemoteEmbedder({
    baseUrl: config.resolvedBaseUrl,
    apiKey: config.secrets.apiKey,
    model: config.embeddingModel,
    logger,
  });
}

export async function assembleDaemon(options: AssembleDaemonOptions): Promise<Daemon> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const config =
    options.config ?? (await loadConfig({ agentDir: options.agentDir, env: options.env ?? {} }));
  const paths = agentPaths(config.agentDir);
  if (!config.secrets.authToken) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `KERN_AUTH_TOKEN is missing from ${paths.envFile}; run 'kern init ${config.agentDir}' to create one`,
    );
  }
  const logger =
    options.logger ??
    (await createFileLogger({
      file: paths.logFile,
      level: config.logLevel,
    }));
  const store = openAgentStore({ paths, clock, countTokens: countMessageTokens });
  if (store.rebuiltIndex) {
    logger.warn(
      { ...store.rebuiltIndex },
      "kern.db disagreed with the session log (the log is the truth); rebuilt it from the logs",
    );
  }
  if (store.rolledBackImport) {
    logger.warn(
      { source: store.rolledBackImport.source, seqStart: store.rolledBackImport.seqStart },
      "an import did not finish before the last stop; rolled it back (run it again)",
    );
  }
  if (store.sessionLog.scan.corruptLines.length > 0 || store.sessionLog.scan.repairedTornLine) {
    logger.warn(
      {
        corruptLines: store.sessionLog.scan.corruptLines.length,
        repairedTornLine: store.sessionLog.scan.repairedTornLine,
      },
      "session log repaired on load; run 'kern doctor'",
    );
  }
  const modelClient = buildModel(config, options, logger);
  const chatModel =
    modelClient && config.model ? { client: modelClient, model: config.model } : null;
  const memory = MemoryEngine.create({
    store,
    config,
    embedder: options.embedder ?? buildEmbedder(config, logger.child({ component: "embedder" })),
    summaryModel: chatModel
      ? { client: chatModel.client, model: config.summaryModel ?? chatModel.model }
      : null,
    logger: logger.child({ component: "memory" }),
    clock,
    templatesDir: TEMPLATES_DIR,
  });
  let notifyApproved: (user: PairedUser) => void = () => undefined;
  const pairing = withApprovalNotice(
    await PairingStore.open({
      pairingFile: paths.pairingFile,
      usersFile: join(paths.agentDir, "USERS.md"),
      clock,
    }),
    (user) => notifyApproved(user),
  );
  let endpoint: { port: number | null; url: string | null } = { port: null, url: null };
  const restart = options.onRestartRequest ?? (() => undefined);
  const queueFile = options.queueFile ?? TurnQueueFile.open(paths.queueFile);
  const runtime = new Runtime({
    queueFile,
    importer: createDaemonImporter({ paths, store, memory, clock }),
    config,
    store,
    memory,
    model: chatModel,
    pairing,
    logger,
    clock,
    endpoint: () => endpoint,
    onRestartRequest: restart,
  });
  const jobs = assembleJobs({ config, paths, store, runtime, clock, logger });
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  if (!existsSync(join(staticDir, "index.html")))
    logger.warn({ staticDir }, "web assets not built; run 'npm run build' for the web UI");
  const web = createWebServer({
    runtime,
    logger,
    authToken: config.secrets.authToken,
    staticDir,
    clock,
    onRestartRequest: restart,
    jobs,
    sessionsFile: join(agentPaths(config.agentDir).kernDir, "web-sessions.json"),
  });
  const telegram = config.secrets.telegramToken
    ? createTelegramBot({
        token: config.secrets.telegramToken,
        apiRoot: config.telegram.apiRoot,
        runtime,
        logger,
        editIntervalMs: config.telegram.editIntervalMs,
        clock,
        ...(options.telegramBotInfo ? { botInfo: options.telegramBotInfo } : {}),
      })
    : null;
  runtime.registerChannel(telegram?.channel ?? telegramOff);
  if (telegram) {
    notifyApproved = (user) =>
      void telegram.channel
        .send({ chat: user.chatId, user: user.userId, text: approvedReply(user.name) })
        .catch((error: unknown) => logger.warn({ err: error }, "could not confirm a pairing"));
  }
  return {
    config,
    runtime,
    memory,
    store,
    logger,
    web,
    telegram,
    jobs,
    async listen() {
      const port = config.port ?? 0;
      const listening = await web.listen({ host: config.host, port }).catch((error: unknown) => {
        throw toListenError(error, config.host, port);
      });
      endpoint = listening;
      if (config.port === null) await updateConfigFile(config.agentDir, { port: listening.port });
      runtime.start();
      jobs.start();
      // Not awaited: while the Bot API is unreachable grammY retries its setup, and the API and
      // the other interfaces must not wait for Telegram.
      if (telegram) void telegram.start();
      logger.info({ port: listening.port, agent: config.agentName }, "daemon listening");
      return listening;
    },
    async stop() {
      jobs.stop();
      await telegram?.stop();
      await runtime.stop();
      queueFile.close();
      await web.close();
      await memory.stop();
      store.close();
      logger.info("daemon stopped");
      logger.flush();
    },
  };
}

/** Telegram without a token: listed in status as off, with how to turn it on. */
const telegramOff: Channel = {
  id: "telegram",
  status: () => ({ enabled: false, detail: "set TELEGRAM_BOT_TOKEN in .kern/.env" }),
  send: async () => {
    throw new KernError(
      "KERN_TOOL_FAILED",
      "Telegram is off; set TELEGRAM_BOT_TOKEN in .kern/.env and run 'kern restart'",
    );
  },
};
