// The runtime's queue of turns: those waiting in arrival order and the one running. A data
// structure only; the runtime decides when a turn starts (runtime.ts `pump`).
import type { Envelope, TurnKind } from "../kernel/index.js";
import type { QueuedTask } from "./import-task.js";
import type { TurnOptions } from "./turn-request.js";

export interface QueuedTurn {
  turnId: string;
  envelope: Envelope;
  controller: AbortController;
  /** Work that takes a turn's place in the queue (an import) instead of a model turn. */
  task?: QueuedTask;
  /** How a turn from another source runs (kind, model, prompt budget, scope). */
  options?: TurnOptions;
}

export class TurnQueue {
  private readonly waiting: QueuedTurn[] = [];
  running: QueuedTurn | null = null;

  get length(): number {
    return this.waiting.length;
  }

  get busy(): boolean {
    return this.running !== null || this.waiting.length > 0;
  }

  /** Adds a turn at the end; its place in line (0 = next to run when nothing runs). */
  push(turn: QueuedTurn): number {
    this.waiting.push(turn);
    return this.waiting.length - (this.running ? 0 : 1);
  }

  /** The next waiting turn, now running; undefined when none waits. */
  startNext(): QueuedTurn | undefined {
    const next = this.waiting.shift();
    if (next) this.running = next;
    return next;
  }

  remove(turnId: string): QueuedTurn | undefined {
    const index = this.waiting.findIndex((turn) => turn.turnId === turnId);
    return index === -1 ? undefined : this.waiting.splice(index, 1)[0];
  }

  /** Every waiting turn, taken out. */
  drain(): QueuedTurn[] {
    return this.waiting.splice(0);
  }

  state(): { running: string | null; waiting: number } {
    return { running: this.running?.turnId ?? null, waiting: this.waiting.length };
  }

  /** The turns accepted and not ended, the running one first. */
  pending(): Array<{ turnId: string; kind?: TurnKind; envelope: Envelope }> {
    const held = this.running ? [this.running, ...this.waiting] : this.waiting;
    return held.map((turn) => ({
      turnId: turn.turnId,
      ...(turn.options?.kind ? { kind: turn.options.kind } : {}),
      envelope: turn.envelope,
    }));
  }
}
