// A timer that ends early when any of its signals aborts. Some channel libraries bring their own
// AbortSignal polyfill (grammY does), so signals are typed structurally and never passed to
// `AbortSignal.any`.
import { ChannelError } from "../../kernel/index.js";

/** The part of an AbortSignal a delay needs (native or polyfilled). */
export interface AbortSignalLike {
  readonly aborted: boolean;
  addEventListener(type: "abort", listener: () => void): void;
  removeEventListener(type: "abort", listener: () => void): void;
}

/** Resolves after `ms`; rejects with KERN_CHANNEL_STOPPING as soon as one signal aborts. */
export function abortableDelay(
  ms: number,
  signals: ReadonlyArray<AbortSignalLike | undefined>,
): Promise<void> {
  const active = signals.filter((signal): signal is AbortSignalLike => signal !== undefined);
  return new Promise((resolve, reject) => {
    if (active.some((signal) => signal.aborted)) {
      reject(new ChannelError("KERN_CHANNEL_STOPPING"));
      return;
    }
    const cleanup = () => {
      clearTimeout(timer);
      for (const signal of active) signal.removeEventListener("abort", onAbort);
    };
    const onAbort = () => {
      cleanup();
      reject(new ChannelError("KERN_CHANNEL_STOPPING"));
    };
    const timer = setTimeout(() => {
      cleanup();
      resolve();
    }, ms);
    for (const signal of active) signal.addEventListener("abort", onAbort);
  });
}

/** True when any of the signals has aborted. */
export function isAnyAborted(signals: ReadonlyArray<AbortSignalLike | undefined>): boolean {
  return signals.some((signal) => signal?.aborted === true);
}
