// The batches of an import's append pass (append-import.ts). With a TokenCountThread, a full batch
// is posted to the worker to be counted, and the batch before it — counted meanwhile — is written
// (log, then index): the worker counts one batch while this thread writes the one before and
// parses the next. At most two batches are in hand, whatever the file's size. Batches are written
// in order, each in one append.
import type { NewMessage } from "../kernel/index.js";
import type { MaybeCount, TokenCountThread } from "../memory/index.js";
import type { AgentStore } from "../store/index.js";

const BATCH = 1000;

interface Counted {
  messages: NewMessage[];
  tokens: Promise<MaybeCount[] | undefined>;
}

export class ImportBatches {
  /** Messages appended so far. */
  done = 0;
  private filling: NewMessage[] = [];
  private counting: Counted | null = null;

  constructor(
    private readonly store: AgentStore,
    private readonly counter: TokenCountThread | null,
    private readonly onWritten: (done: number) => void,
  ) {}

  /** Adds a message; a promise when a batch was handed on (wait for it: it bounds what is held). */
  add(message: NewMessage): Promise<void> | undefined {
    this.filling.push(message);
    return this.filling.length >= BATCH ? this.handOn() : undefined;
  }

  /** Writes every message added. */
  async finish(): Promise<void> {
    if (this.filling.length > 0) await this.handOn();
    const last = this.counting;
    this.counting = null;
    if (last) await this.write(last);
  }

  /** Posts the full batch to be counted, then writes the one before it. */
  private async handOn(): Promise<void> {
    const messages = this.filling;
    this.filling = [];
    const previous = this.counting;
    this.counting = {
      messages,
      tokens: this.counter?.count(messages) ?? Promise.resolve(undefined),
    };
    if (previous) await this.write(previous);
  }

  private async write(batch: Counted): Promise<void> {
    const tokens = await batch.tokens;
    this.store.appendMessages(batch.messages, tokens);
    this.done += batch.messages.length;
    this.onWritten(this.done);
  }
}
