// Token counts off the main thread (issue 50): on a history of large tool outputs, exact o200k
// counting was 40–55% of an import's append time (profiled at 50k and 1M messages). An import
// posts each batch here and writes the batch before while a worker thread counts, so on two cores
// the counting and the writing overlap. The counts are countMessageTokens' own: the worker runs
// the same countTokens (token-count-worker.ts) over the same messageText.
// Never fails: a message whose count threw in the worker, and every message of a worker that could
// not start or died, comes back without a count, for the caller's own counter (the store's, with
// its fallback) to count on the main thread. The worker never keeps the process alive.
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { packageFile, type SessionMessage } from "../../kernel/index.js";
import { MESSAGE_OVERHEAD_TOKENS } from "./count-tokens.js";
import { messageText } from "./message-text.js";

/** What a count needs of a message (a new one has no seq yet). */
export type CountedMessage = Pick<SessionMessage, "role" | "content" | "toolCalls" | "meta">;

/** A message's count, or undefined: not counted, left to the caller. */
export type MaybeCount = number | undefined;

interface Pending {
  size: number;
  resolve: (counts: MaybeCount[]) => void;
}

interface CountAnswer {
  id: number;
  counts: Array<number | null>;
}

/**
 * The worker: the compiled file in dist/ once built (the path is the package's, not this
 * module's: the bundle's chunks are not beside it); from src/ (tsx, the tests) the TypeScript
 * beside this file, loaded by a two-line script that registers tsx's loader in the worker first.
 * (Node 20 gives a worker neither the parent's loader nor one from `execArgv: ["--import"]`.)
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith(".ts")) {
    return new Worker(
      pathToFileURL(packageFile("dist", "memory", "text", "token-count-worker.js")),
    );
  }
  const tsx = dirname(createRequire(import.meta.url).resolve("tsx/package.json"));
  const loader = pathToFileURL(join(tsx, "dist", "esm", "api", "index.mjs")).href; // "tsx/esm/api"
  const entry = new URL("./token-count-worker.ts", import.meta.url).href;
  const source = `import(${JSON.stringify(loader)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(source, { eval: true });
}

export class TokenCountThread {
  private worker: Worker | null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor() {
    this.worker = startWorker();
    this.worker.unref();
    this.worker.on("message", (answer: CountAnswer) => this.settle(answer));
    this.worker.on("error", () => this.fallBack());
    this.worker.on("exit", () => this.fallBack());
  }

  /** The token counts of `messages` (countMessageTokens' figures) in their order; never rejects. */
  count(messages: readonly CountedMessage[]): Promise<MaybeCount[]> {
    if (!this.worker) return Promise.resolve(messages.map(() => undefined));
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { size: messages.length, resolve });
      this.worker?.postMessage({ id, texts: messages.map(messageText) });
    });
  }

  /** Ends the worker; what it was counting, and every later count, comes back uncounted. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.fallBack();
    await worker?.terminate();
  }

  private settle(answer: CountAnswer): void {
    const request = this.pending.get(answer.id);
    if (!request) return;
    this.pending.delete(answer.id);
    request.resolve(
      answer.counts.map((count) => (count === null ? undefined : count + MESSAGE_OVERHEAD_TOKENS)),
    );
  }

  /** The worker is gone (or going): what it was counting, and all that follows, is uncounted. */
  private fallBack(): void {
    this.worker = null;
    for (const [id, request] of this.pending) {
      this.pending.delete(id);
      request.resolve(Array.from({ length: request.size }, () => undefined));
    }
  }
}
