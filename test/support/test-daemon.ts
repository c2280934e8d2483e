// A real assembled daemon for integration tests: temp agent folder, the fake LLM as its model,
// a file logger, an HTTP client with the token. `close()` stops everything it started.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { type Config, loadConfig } from "../../src/config/index.js";
import { assembleDaemon, type Daemon, initAgent } from "../../src/daemon/index.js";
import { createLogger } from "../../src/log/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
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
}

export async function startTestDaemon(options: StartTestDaemonOptions = {}): Promise<TestDaemon> {
  const temp = makeTempDir("kern-daemon-");
  const agentDir = join(temp.path, "agent");
  await initAgent({ agentDir, git: false });
  await options.beforeAssemble?.(agentDir);
  const llm = await startFakeLlm();
  const env = options.withoutModel
    ? { ...options.env }
    : { KERN_MODEL: "fake-model", KERN_BASE_URL: llm.baseUrl, ...options.env };
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
    logger: createLogger({ file: logFile, level: "debug" }),
    ...(options.staticDir ? { staticDir: options.staticDir } : {}),
  });
  const listening = await daemon.listen();
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
      temp.cleanup();
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
