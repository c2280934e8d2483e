// The one composition root (SG-4): builds the core of a daemon — logger, store, model client,
// memory engine, runtime, web server — then sets up the plugins (kern's own, listed in
// builtin-plugins.ts, and those config `plugins` names), each replaceable by tests.
import { existsSync } from "node:fs";
import { join } from "node:path";
import {
  type AgentPaths,
  agentPaths,
  type Config,
  loadConfig,
  updateConfigFile,
} from "../config/index.js";
import { createWebServer, type WebServer } from "../interfaces/web/index.js";
import {
  type Clock,
  ConfigError,
  hostTimezone,
  packageFile,
  parseDuration,
  SYSTEM_CLOCK,
} from "../kernel/index.js";
import { createFileLogger, type Logger } from "../log/index.js";
import { type Embedder, MemoryEngine } from "../memory/index.js";
import type { ModelClient, Transcriber } from "../model/index.js";
import type { TelegramBotInfo } from "../plugins/telegram/index.js";
import {
  type KernPlugin,
  type KernServices,
  openSandbox,
  PairingStore,
  type PluginReport,
  Runtime,
  type Sandbox,
  setupPlugins,
} from "../runtime/index.js";
import { type AgentStore, TurnQueueFile } from "../store/index.js";
import { createBackupJobRunner } from "./backup/backup-job.js";
import { takeDaemonCut } from "./backup/index.js";
import { buildEmbedder, buildModel } from "./build-adapters.js";
import { builtinPlugins } from "./builtin-plugins.js";
import { commitAgentFile } from "./commit-agent-file.js";
import { createDaemonImporter } from "./daemon-importer.js";
import { TEMPLATES_DIR } from "./init-agent.js";
import { toListenError } from "./listen-error.js";
import { loadOutsidePlugins } from "./load-outside-plugins.js";
import { openDaemonStore } from "./open-agent-state.js";

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
  /** More plugins after kern's own and the config's (tests). */
  plugins?: readonly KernPlugin[];
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
  /** Every plugin and how its setup went (SPEC §17). */
  readonly plugins: readonly PluginReport[];
  /** Starts the API (sticky port), closes interrupted turns, starts the plugins. */
  listen(): Promise<{ port: number; url: string }>;
  /** Graceful stop: plugins stop (last first), the current step ends, memory drained, db closed. */
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
  const { sandbox, logger } = await openSandboxAndLog(config, paths, options.logger);
  const store = openDaemonStore(paths, clock, logger);
  const { memory, chatModel } = assembleMemory({ config, store, options, logger, clock });
  let endpoint: { port: number | null; url: string | null } = { port: null, url: null };
  const queueFile = options.queueFile ?? TurnQueueFile.open(paths.queueFile);
  const runtime = new Runtime({
    toolOutputDir: paths.toolOutputDir,
    queueFile,
    approvalsFile: join(paths.kernDir, "approvals.json"),
    approvalTimeoutMs: parseDuration(config.approvalTimeout) ?? 30 * 60_000,
    timezone: config.timezone ?? hostTimezone(),
    importer: createDaemonImporter({ paths, store, memory, clock }),
    config,
    store,
    memory,
    model: chatModel,
    pairing: await openPairing(paths, clock, logger),
    logger,
    clock,
    endpoint: () => endpoint,
    ...(options.onRestartRequest ? { onRestartRequest: options.onRestartRequest } : {}),
    sandbox,
  });
  const plugins = await setUpPlugins({
    ...{ runtime, config, paths, store, memory },
    ...{ chatModel, clock, options, logger, sandbox },
  });
  const web = assembleWeb({ options, config, runtime, logger, clock, authToken });
  const parts = { config, runtime, memory, store, logger, web, plugins };
  return withLifecycle(parts, queueFile, (listening) => {
    endpoint = listening;
  });
}

/** kern's own plugins, then the config's, then the caller's; each set up with its host. */
async function setUpPlugins(parts: {
  runtime: Runtime;
  config: Config;
  paths: AgentPaths;
  store: AgentStore;
  memory: MemoryEngine;
  chatModel: { client: ModelClient; model: string } | null;
  clock: Clock;
  options: AssembleDaemonOptions;
  logger: Logger;
  sandbox: Sandbox;
}): Promise<PluginReport[]> {
  const { runtime, config, paths, store, memory, chatModel, clock, options, logger } = parts;
  const builtin = builtinPlugins({
    ...(options.transcriber !== undefined ? { transcriber: options.transcriber } : {}),
    ...(options.telegramBotInfo ? { telegramBotInfo: options.telegramBotInfo } : {}),
    jobActions: createBackupJobRunner({ agentDir: config.agentDir, logger }),
  });
  const outside = await loadOutsidePlugins(config, logger);
  const entries = [
    ...builtin.map((plugin) => ({
      plugin,
      config: config.pluginConfig[plugin.name] ?? {},
      builtin: true,
      from: "kern",
      version: null,
    })),
    ...outside.loaded,
    ...(options.plugins ?? []).map((plugin) => ({
      plugin,
      config: {},
      builtin: false,
      from: "test",
      version: null,
    })),
  ];
  const services: Omit<KernServices, "runtime" | "approvals" | "budget" | "pairing"> = {
    config,
    paths,
    clock,
    store,
    memory,
    model: chatModel,
    sandbox: parts.sandbox,
    parse: runtime.parse,
    secret: (name) => config.secrets.lookup(name),
    provideIntake: (intake) => {
      runtime.registries.intake = intake;
    },
    provideBackground: (starter) => {
      runtime.registries.background = starter;
    },
  };
  const reports = await setupPlugins(entries, runtime.hostParts(services), logger);
  runtime.setPluginReports([...reports, ...outside.failed]);
  return [...reports, ...outside.failed];
}

/** The sandbox ("bwrap" without bubblewrap refuses here, before any file opens) and the log. */
async function openSandboxAndLog(config: Config, paths: AgentPaths, given?: Logger) {
  const sandbox = openSandbox(config);
  const logger =
    given ??
    (await createFileLogger({
      file: paths.logFile,
      level: config.logLevel,
      secrets: config.secrets.named,
    }));
  if (sandbox.warning) logger.warn({ sandbox: config.sandbox }, sandbox.warning);
  return { sandbox, logger };
}

/** Who may talk through chat channels; USERS.md's block is committed when the daemon writes it. */
function openPairing(paths: AgentPaths, clock: Clock, logger: Logger): Promise<PairingStore> {
  const usersFile = join(paths.agentDir, "USERS.md");
  return PairingStore.open({
    pairingFile: paths.pairingFile,
    usersFile,
    clock,
    onUsersWritten: (file) => commitAgentFile(paths.agentDir, file, "kern: paired users", logger),
  });
}

/** The daemon's parts with `listen` and `stop`, which start and end them in order. */
function withLifecycle(
  parts: Omit<Daemon, "listen" | "stop">,
  queueFile: TurnQueueFile,
  onListening: (endpoint: { port: number; url: string }) => void,
): Daemon {
  const { config, runtime, memory, store, logger, web } = parts;
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
      await runtime.lifecycle.start();
      logger.info({ port: listening.port, agent: config.agentName }, "daemon listening");
      return listening;
    },
    async stop() {
      // A PDF or page being parsed ends now, and intakes waiting for their turn: a stop never
      // waits for one.
      runtime.intake?.stop();
      runtime.parse.stop();
      await runtime.lifecycle.stop(); // channels first: no intake while the rest stops
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

/** The HTTP API and the web page (fastify, inside interfaces/web/), with the plugins' routes. */
function assembleWeb(parts: {
  options: AssembleDaemonOptions;
  config: Config;
  runtime: Runtime;
  logger: Logger;
  clock: Clock;
  authToken: string;
}): WebServer {
  const { options, config, runtime, logger, clock, authToken } = parts;
  const staticDir = options.staticDir ?? DEFAULT_STATIC_DIR;
  if (!existsSync(join(staticDir, "index.html")))
    logger.warn({ staticDir }, "web assets not built; run 'npm run build' for the web UI");
  return createWebServer({
    runtime,
    logger,
    authToken,
    staticDir,
    clock,
    ...(options.onRestartRequest ? { onRestartRequest: options.onRestartRequest } : {}),
    sessionsFile: join(agentPaths(config.agentDir).kernDir, "web-sessions.json"),
    // Synchronous: the cut falls between two appends of this process (docs/operations.md).
    backup: { cut: () => takeDaemonCut(config.agentDir) },
  });
}
