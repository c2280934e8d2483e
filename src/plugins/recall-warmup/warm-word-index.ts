// Builds recall's common words' index (store/word-index.ts) in the background after the daemon
// starts: small steps between the daemon's other work, so a turn never waits on it; recall ranks
// with FTS5 alone until it is ready. Once ready, a cheap look every half minute catches it up
// and rebuilds it if the index it mirrors was rebuilt. Logged when ready, with its size.
import type { Logger } from "../../log/index.js";
import type { AgentStore } from "../../store/index.js";
import { type BackgroundSteps, runInSteps } from "./background-steps.js";

/** Messages read per step (~50 ms of tokenizing on this project's machine). */
const STEP_MESSAGES = 250;
/** Pause between looks once the index is ready. */
const IDLE_MS = 30_000;

export function warmWordIndex(store: AgentStore, logger: Logger): BackgroundSteps {
  const words = store.messages.words;
  const started = performance.now();
  let announced = false;
  return runInSteps(() => {
    let done: boolean;
    try {
      done = words.warmStep(STEP_MESSAGES);
    } catch (error) {
      logger.warn({ err: error }, "recall's word index could not be built; FTS5 ranks alone");
      return "stop";
    }
    if (done && words.ready && !announced) {
      announced = true;
      logger.info(
        { seconds: Math.round((performance.now() - started) / 100) / 10, bytes: words.bytes },
        "recall's word index is ready",
      );
    }
    if (!words.ready) announced = false;
    return done ? "done" : "more";
  }, IDLE_MS);
}
