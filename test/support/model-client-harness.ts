// The harness of the OpenAI-compatible client's tests: a fake server per test, a client with
// generous timeouts (a busy machine must not time out an ordinary reply; the timeout tests set
// their own short bounds), and helpers that collect a stream.
import { afterEach, beforeEach } from "vitest";
import { createSilentLogger } from "../../src/log/index.js";
import {
  createOpenAiCompatibleClient,
  type ModelClient,
  type ModelEvent,
  type ModelRequest,
} from "../../src/model/index.js";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";

/** The fake server of the running test (a live binding: `fakeLlmPerTest` replaces it per test). */
export let llm: FakeLlm;

/** Starts a fake server before each test of the calling file and closes it after. */
export function fakeLlmPerTest(): void {
  beforeEach(async () => {
    llm = await startFakeLlm();
  });
  afterEach(async () => {
    await llm.close();
  });
}

export function clientFor(
  options: Partial<Parameters<typeof createOpenAiCompatibleClient>[0]> = {},
) {
  return createOpenAiCompatibleClient({
    baseUrl: llm.baseUrl,
    apiKey: null,
    provider: "openai-compatible",
    firstByteTimeoutMs: 10_000,
    idleTimeoutMs: 10_000,
    maxRetries: 0,
    retryBaseMs: 20,
    logger: createSilentLogger(),
    ...options,
  });
}

export const HELLO: ModelRequest = {
  model: "test-model",
  messages: [{ role: "user", content: "hi" }],
};

export async function collect(
  client: ModelClient,
  request: ModelRequest = HELLO,
  signal: AbortSignal = new AbortController().signal,
): Promise<ModelEvent[]> {
  const events: ModelEvent[] = [];
  for await (const event of client.stream(request, signal)) events.push(event);
  return events;
}

export function endOf(events: ModelEvent[]) {
  const last = events.at(-1);
  if (last?.type !== "response-end") throw new Error("stream did not end with response-end");
  return last;
}
