// For e2e tests against a daemon started with `kern start`: its status and an authorised client,
// and one turn's events collected from the live stream (opened before the message is sent).
import { join } from "node:path";
import { expect } from "vitest";
import { createDaemonClient, type DaemonClient } from "../../src/client/index.js";
import { readEnvFile } from "../../src/config/index.js";
import type { StreamEvent } from "../../src/protocol/index.js";
import { kernProcess } from "./kern-process.js";

export interface LiveDaemon {
  client: DaemonClient;
  pid: number;
  url: string;
  token: string;
}

/** `kern start DIR` (if not running), then its pid, URL and a client with the token. */
export async function startLiveDaemon(
  dir: string,
  env: Record<string, string> = {},
): Promise<LiveDaemon> {
  const started = await kernProcess(["start", dir], env);
  expect(started.code, started.stderr).toBe(0);
  const status = await kernProcess(["status", dir, "--json"]);
  expect(status.code, status.stderr).toBe(0);
  const { url, pid } = JSON.parse(status.stdout) as { url: string; pid: number };
  const token = (await readEnvFile(join(dir, ".kern", ".env")))["KERN_AUTH_TOKEN"] ?? "";
  return { client: createDaemonClient({ baseUrl: url, token }), pid, url, token };
}

export interface TurnRun {
  turnId: string;
  events: StreamEvent[];
  /** Milliseconds from sending the message to its turn-end. */
  elapsedMs: number;
}

/**
 * Sends `text` and collects the turn's events until its turn-end (bounded by `limitMs`);
 * `onEvent` sees each event as it arrives (e.g. to cancel at the tool call).
 */
export async function runTurn(
  client: DaemonClient,
  text: string,
  options: { limitMs?: number; onEvent?: (event: StreamEvent, turnId: string) => void } = {},
): Promise<TurnRun> {
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), options.limitMs ?? 60_000);
  let opened!: () => void;
  const open = new Promise<void>((resolve) => {
    opened = resolve;
  });
  let turnId = "";
  const all: StreamEvent[] = [];
  let ended!: () => void;
  const end = new Promise<void>((resolve) => {
    ended = resolve;
  });
  const isOurs = (event: StreamEvent) => "turnId" in event && event.turnId === turnId;
  const check = () => {
    if (turnId && all.some((event) => isOurs(event) && event.type === "turn-end")) ended();
  };
  const reading = (async () => {
    for await (const event of client.events(controller.signal, { onOpen: () => opened() })) {
      all.push(event);
      if (turnId && isOurs(event)) options.onEvent?.(event, turnId);
      check();
    }
  })();
  await Promise.race([open, reading]);
  const startedAt = Date.now();
  turnId = (await client.sendMessage({ text })).turnId;
  for (const event of all.filter(isOurs)) options.onEvent?.(event, turnId);
  check();
  await Promise.race([end, reading]);
  const elapsedMs = Date.now() - startedAt;
  clearTimeout(timer);
  controller.abort();
  const events = all.filter(isOurs);
  expect(events.at(-1)?.type, `turn ${turnId} ended within the limit`).toBe("turn-end");
  return { turnId, events, elapsedMs };
}

/** The output of the turn's first tool result ("(no tool result)" when it had none). */
export function toolOutput(events: StreamEvent[]): string {
  const result = events.find((event) => event.type === "tool-result");
  return result?.type === "tool-result" ? result.output : "(no tool result)";
}
