// The one composition root (SG-4): builds every concrete adapter of a daemon — logger, store,
// model client, memory engine, runtime, web server, Telegram bot — each replaceable by tests.
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentPaths,
  agentPaths,
  type Config,
  loadConfig,
  updateConfigFile,
} from "../config/index.js";
import type { TelegramBot, TelegramBotInfo } from "../interfaces/telegram/index.js";
import { createWebServer, type WebServer } from "../interfaces/web/index.js";
import { type Clock, ConfigError, packageFile, SYSTEM_CLOCK } from "../kernel/index.js";
import { createFileLogger, type Logger } from "../log/index.js";
import { type Embedder, MemoryEngine } from "../memory/index.js";
import type { ModelClient, Transcriber } from "../model/index.js";
import type { AgentJobs, ExtensionsApi, PairedUser, PairingApi } from "../runtime/index.js";
import { Runtime } from "../runtime/index.js";
import { PairingStore } from "../runtime/pairing-store.js";
import { registerProcesses } from "../runtime/processes/register-processes.js";
import { registerSubagents } from "../runtime/subagents/register-subagents.js";
import { type AgentStore, TurnQueueFile } from "../store/index.js";
import { assembleJobs } from "./assemble-jobs.js";
import { assembleMedia } from "./assemble-media.js";
import { assembleTelegram } from "./assemble-telegram.js";
import { takeDaemonCut } from "./backup/index.js";
import { buildEmbedder, buildModel } from "./build-adapters.js";
import { createDaemonImporter } from "./daemon-importer.js";
import { type InstalledExtensions, installExtensions } from "./extensions.js";
import { TEMPLATES_DIR } from "./init-agent.js";
import { toListenError } from "./listen-error.js";
import { openDaemonStore } from "./open-agent-state.js";
import { withApprovalNotice } from "./pairing-notice.js";
import { type WordIndexWarmer, warmWordIndex } from "./warm-word-index.js";

/** Built web assets (npm run build → dist/web). */
export const DEFAULT_STATIC_DIR = packageFile("dist", "web");

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
  /** Replaces the transcriber of voice notes (null = none even if configured). */
  transcriber?: Transcriber | null;
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

export async function assembleDaemon(options: AssembleDaemonOptions): Promise<Daemon> {
  const clock = options.clock ?? SYSTEM_CLOCK;
  const config =
    options.config ?? (await loadConfig({ agentDir: options.agentDir, env: options.env ?? {} }));
  const paths = agentPaths(config.agentDir);
  const authToken = config.secrets.authToken;
  if (!authToken) {
    throw new ConfigError(
      "KERN_CONFIG_INVALID",
      `KERN_AUTH_TOKEN is missing from ${paths.envFile}; run 'kern init ${config.agentDir}' to create one`,
    );
  }
  const logger =
    options.logger ?? (await createFileLogger({ file: paths.logFile, level: config.logLevel }));
  const store = openDaemonStore(paths, clock, logger);
  const { memory, chatModel } = assembleMemory({ config, store, options, logger, clock });
  let onApproved: (user: PairedUser) => void = () => undefined;
  const pairing = await openPairing(paths, clock, (user) => onApproved(user));
  let endpoint: { port: number | null; url: string | null } = { port: null, url: null };
  const restart = options.onRestartRequest ?? (() => undefined);
  const queueFile = options.queueFile ?? TurnQueueFile.open(paths.queueFile);
  const media = assembleMedia({
    config,
    paths,
    chatModel,
    logger,
    ...(options.transcriber !== undefined ? { transcriber: options.transcriber } : {}),
  });
  const runtime = new Runtime({
    media: media.media,
    toolOutputDir: paths.toolOutputDir,
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
  runtime.tools.register(media.tools);
  const work = assembleWork({ runtime, config, paths, store, clock, logger });
  const { extensions, stopWork, jobs } = work;
  const web = assembleWeb({
    ...{ options, config, runtime, logger, clock, authToken, restart },
    extensions: extensions.api,
    jobs,
  });
  const channels = await assembleTelegram({
    config,
    runtime,
    logger,
    clock,
    ...(options.telegramBotInfo ? { botInfo: options.telegramBotInfo } : {}),
  });
  onApproved = channels.onApproved;
  const parts = { config, runtime, memory, store, logger, web, jobs, telegram: channels.telegram };
  return withLifecycle(parts, queueFile, { extensions, stopWork }, (listening) => {
    endpoint = listening;
  });
}

/** Who may talk through chat channels; an approval is confirmed to the person (`onApproved`). */
async function openPairing(
  paths: AgentPaths,
  clock: Clock,
  onApproved: (user: PairedUser) => void,
): Promise<PairingApi> {
  const store = await PairingStore.open({
    pairingFile: paths.pairingFile,
    usersFile: join(paths.agentDir, "USERS.md"),
    clock,
  });
  return withApprovalNotice(store, onApproved);
}

/** What extends the agent's reach: MCP servers and skills, background commands, sub-agents, jobs. */
function assembleWork(parts: {
  runtime: Runtime;
  config: Config;
  paths: AgentPaths;
  store: AgentStore;
  clock: Clock;
  logger: Logger;
}) {
  const { runtime, config, paths, store, clock, logger } = parts;
  const extensions = installExtensions({ runtime, config, logger });
  const processes = registerProcesses({ runtime, config, paths, clock, logger });
  const subagents = registerSubagents({ runtime, config, paths, store, clock, logger });
  const stopWork = async () => {
    await Promise.all([subagents.stopAll(), processes.stopAll()]);
  };
  const jobs = assembleJobs({ config, paths, store, runtime, clock, logger, subagents });
  return { extensions, stopWork, jobs };
}

/** The daemon's parts with `listen` and `stop`, which start and end them in order. */
function withLifecycle(
  parts: Omit<Daemon, "listen" | "stop">,
  queueFile: TurnQueueFile,
  work: {
    extensions: InstalledExtensions;
    /** Ends sub-agents and background commands (their records stay for the next start). */
    stopWork: () => Promise<void>;
  },
  onListening: (endpoint: { port: number; url: string }) => void,
): Daemon {
  const { config, runtime, memory, store, logger, web, telegram, jobs } = parts;
  let words: WordIndexWarmer | null = null;
  return {
    ...parts,
    async listen() {
      const port = config.port ?? 0;
      const listening = await web.listen({ host: config.host, port }).catch((error: unknown) => {
        throw toListenError(error, config.host, port);
      });
      onListening(listening);
      if (config.port === null) await updateConfigFile(config.agentDir, { port: listening.port });
      runtime.start();
      jobs.start();
      words = warmWordIndex(store, logger); // recall's postings, built in the background
      work.extensions.start(); // MCP servers start in the background: the daemon never waits for one
      // Not awaited: while the Bot API is unreachable grammY retries its setup, and the API and
      // the other interfaces must not wait for Telegram.
      if (telegram) void telegram.start();
      logger.info({ port: listening.port, agent: config.agentName }, "daemon listening");
      return listening;
    },
    async stop() {
      jobs.stop(); // first: no run is queued while the rest stops
      words?.stop();
      await telegram?.stop();
      await runtime.stop();
      // Their records stay: the next start reports them as interrupted by this stop.
      await work.stopWork();
      await work.extensions.stop();
      queueFile.close();
      await web.close();
      await memory.stop();
      store.close();
      logger.info("daemon stopped");
      logger.flush();
    },
  };
}

/** The memory engine over the store, with the chat model (null without one) for summaries. */
function assembleMemory(parts: {
  config: Config;
  store: AgentStore;
  options: AssembleDaemonOptions;
  logger: Logger;
  clock: Clock;
}) {
  const { config, store, options, logger, clock } = parts;
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
  return { memory, chatModel };
}

/** The HTTP API and the web page (fastify, inside interfaces/web/). */
function assembleWeb(parts: {
  options: AssembleDaemonOptions;
  config: Config;
  runtime: Runtime;
  logger: Logger;
  clock: Clock;
  authToken: string;
  restart: () => void;
  extensions: ExtensionsApi;
  jobs: AgentJobs;
}): WebServer {
  const { options, config, runtime, logger, clock, authToken, restart } = parts;
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  if (!existsSync(join(staticDir, "index.html")))
    logger.warn({ staticDir }, "web assets not built; run 'npm run build' for the web UI");
  return createWebServer({
    runtime,
    extensions: parts.extensions,
    jobs: parts.jobs,
    logger,
    authToken,
    staticDir,
    clock,
    onRestartRequest: restart,
    sessionsFile: join(agentPaths(config.agentDir).kernDir, "web-sessions.json"),
    // Synchronous: the cut falls between two appends of this process (docs/operations.md).
    backup: { cut: () => takeDaemonCut(config.agentDir) },
  });
}
