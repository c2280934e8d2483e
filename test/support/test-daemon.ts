// A real assembled daemon for integration tests: temp agent folder, the fake LLM as its model,
// a file logger, an HTTP client with the token, optionally a fake Telegram Bot API. `close()`
// stops everything it started (a fake Telegram passed in stays open: its owner closes it).
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { type Config, loadConfig, updateConfigFile } from "../../src/config/index.js";
import { assembleDaemon, type Daemon, initAgent } from "../../src/daemon/index.js";
import { createFileLogger } from "../../src/log/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import type { TurnQueueFile } from "../../src/store/index.js";
import { type FakeChatRequest, type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import type { FakeTelegram } from "../fakes/fake-telegram-server.js";
import { makeTempDir } from "./temp-dir.js";

export interface TestDaemon {
  agentDir: string;
  daemon: Daemon;
  client: DaemonClient;
  llm: FakeLlm;
  url: string;
  token: string;
  logFile: string;
  /** Events of one turn, from the first to its turn-end. */
  turnEvents(turnId: string): Promise<StreamEvent[]>;
  close(): Promise<void>;
}

export interface StartTestDaemonOptions {
  /** Keys of config.json to override (e.g. `{ maxContextTokens: 3000 }`). */
  config?: Record<string, unknown>;
  /** No model configured. */
  withoutModel?: boolean;
  env?: Record<string, string>;
  staticDir?: string;
  /** Runs before the daemon is assembled (e.g. to import history). */
  beforeAssemble?: (agentDir: string) => Promise<void>;
  /**
   * Runs the Telegram bot against this fake: TELEGRAM_BOT_TOKEN and KERN_TELEGRAM_API_ROOT reach
   * loadConfig through `env`, config.json gets `telegram.editIntervalMs` 200 (the minimum), and
   * the bot gets the fake's identity. Resolves once the bot's first long poll waits.
   */
  telegram?: FakeTelegram;
  /** An existing agent folder to run (e.g. a second daemon on the same agent); never removed. */
  agentDir?: string;
  /** Opens the accepted-turns file (e.g. with a small compaction threshold). */
  queueFile?: (agentDir: string) => TurnQueueFile;
}

/** The fastest edit rate the config allows, so streamed replies settle quickly in tests. */
const TEST_EDIT_INTERVAL_MS = 200;

/** Segments of a few hundred tokens: a handful of turns builds a summary tree and trims. */
export const SMALL_SEGMENTS = {
  targetTokens: 400,
  minTokens: 100,
  minMessages: 4,
  triggerMessages: 4,
  triggerTokens: 100,
  window: 2,
};

export async function startTestDaemon(options: StartTestDaemonOptions = {}): Promise<TestDaemon> {
  const temp = options.agentDir ? null : makeTempDir("kern-daemon-");
  const agentDir = options.agentDir ?? join(temp?.path ?? "", "agent");
  if (temp) await initAgent({ agentDir, git: false });
  await options.beforeAssemble?.(agentDir);
  const llm = await startFakeLlm();
  // The memory worker's own calls never consume a test's scripted turn replies.
  answerBackgroundCalls(llm, "- (summary from the fake model)", { fallback: true });
  const telegram = options.telegram;
  const telegramEnv: Record<string, string> = telegram
    ? { TELEGRAM_BOT_TOKEN: telegram.token, KERN_TELEGRAM_API_ROOT: telegram.apiRoot }
    : {};
  if (telegram) {
    await updateConfigFile(agentDir, { telegram: { editIntervalMs: TEST_EDIT_INTERVAL_MS } });
  }
  const env = options.withoutModel
    ? { ...telegramEnv, ...options.env }
    : { KERN_MODEL: "fake-model", KERN_BASE_URL: llm.baseUrl, ...telegramEnv, ...options.env };
  const config: Config = await loadConfig({
    agentDir,
    env,
    overrides: { idleTimeoutMs: 1000, modelRetries: 2, ...options.config },
  });
  const logFile = join(agentDir, ".kern", "logs", "kern.log");
  const daemon = await assembleDaemon({
    agentDir,
    config,
    env,
    logger: await createFileLogger({ file: logFile, level: "debug" }),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
    ...(telegram ? { telegramBotInfo: telegram.botInfo } : {}),
    ...(options.queueFile ? { queueFile: options.queueFile(agentDir) } : {}),
  });
  const polling = telegram?.nextPoll();
  const listening = await daemon.listen();
  await polling;
  const token = config.secrets.authToken ?? "";
  const client = createDaemonClient({ baseUrl: listening.url, token });
  const streams = new Map<string, StreamEvent[]>();
  const waiters = new Map<string, (events: StreamEvent[]) => void>();
  const unsubscribe = daemon.runtime.subscribe((event) => {
    if (!("turnId" in event) || !event.turnId) return;
    const list = streams.get(event.turnId) ?? [];
    list.push(event as StreamEvent);
    streams.set(event.turnId, list);
    if (event.type === "turn-end") waiters.get(event.turnId)?.(list);
  });
  return {
    agentDir,
    daemon,
    client,
    llm,
    url: listening.url,
    token,
    logFile,
    turnEvents(turnId) {
      const known = streams.get(turnId);
      if (known?.some((event) => event.type === "turn-end")) return Promise.resolve(known);
      return new Promise((resolve) => waiters.set(turnId, resolve));
    },
    async close() {
      unsubscribe();
      await daemon.stop();
      await llm.close();
      temp?.cleanup();
    },
  };
}

export function readSessionLines(
  agentDir: string,
  sessionFile: string,
): Array<Record<string, unknown>> {
  return readFileSync(join(agentDir, ".kern", "sessions", sessionFile), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** Polls `probe` every 20 ms until it returns a value other than undefined/false; bounded. */
/** `waitUntil` for a probe that asks over the API (the jobs, the status). */
export async function waitUntilAsync<T>(
  probe: () => Promise<T | undefined | false>,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function waitUntil<T>(
  probe: () => T | undefined | false,
  what: string,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** A request message's text (its content as a string, JSON for parts). */
export function requestText(message: FakeChatRequest["messages"][number] | undefined): string {
  return typeof message?.content === "string"
    ? message.content
    : JSON.stringify(message?.content ?? "");
}

/** The newest user message of a request (its envelope line, maybe a recall block, the text). */
export function lastUserText(request: FakeChatRequest): string {
  return requestText([...request.messages].reverse().find((message) => message.role === "user"));
}

/** A sub-agent's model call: its task message names it. */
export function isSubagentRequest(request: FakeChatRequest): boolean {
  return request.messages.some(
    (message) => message.role === "user" && requestText(message).includes("You are sub-agent s-"),
  );
}

/**
 * True for the memory worker's own model calls (summaries, rollups, the working-memory keeper):
 * every background system prompt opens with "You are kern's …" (SUMMARIZER_MARKER and
 * WORKING_MEMORY_KEEPER_MARKER); a turn's opens with the agent's documents.
 */
export function isBackgroundRequest(request: FakeChatRequest): boolean {
  const system = request.messages[0];
  return system?.role === "system" && String(system.content).startsWith("You are kern's ");
}

/** The working-memory keeper's answer for an exchange that changes nothing. */
export const KEEPER_NO_CHANGES =
  '{"task": null, "decisions": [], "files": [], "context": [], "preferences": []}';

/**
 * Answers the memory worker's calls for good: summaries with `summary` (bullet lines), keeper
 * calls with no changes. Register it before any route that matches every request.
 */
export function answerBackgroundCalls(
  llm: FakeLlm,
  summary: string,
  options: { fallback?: boolean } = {},
): void {
  llm.when(
    isBackgroundRequest,
    (request) =>
      String(request.messages[0]?.content).includes("working-memory keeper")
        ? KEEPER_NO_CHANGES
        : `<summary>\n${summary}\n</summary>`,
    options,
  );
}

/** The chat requests of turns, without the memory worker's calls. */
export function turnRequests(llm: FakeLlm): FakeChatRequest[] {
  return llm.requests.filter((request) => !isBackgroundRequest(request));
}
