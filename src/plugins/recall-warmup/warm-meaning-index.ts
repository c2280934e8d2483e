// Reads recall's meaning index (memory/recall/meaning-index.ts: the newest messages' meaning
// vectors, up to 20,000) in the background after the daemon starts, in small steps, so the first
// search (autoRecall before the first turn, or a `kern recall`) does not wait about a second
// for it at 100k messages. Nothing when recall does not search by meaning (an embedder other than
// `local`). After that each search reads what arrived since, as before. Logged when ready.
import type { Logger } from "../log/index.js";
import type { MemoryEngine } from "../memory/index.js";
import { type BackgroundSteps, runInSteps } from "./background-steps.js";

/** Messages read per step (about 50 ms of embedding on this project's machine). */
const STEP_MESSAGES = 1_000;

export function warmMeaningIndex(memory: MemoryEngine, logger: Logger): BackgroundSteps {
  const started = performance.now();
  let steps = 0;
  return runInSteps(() => {
    steps += 1;
    let ready: boolean;
    try {
      ready = memory.warmMeaningStep(STEP_MESSAGES);
    } catch (error) {
      logger.warn(
        { err: error },
        "recall's meaning index could not be read ahead; a search reads it",
      );
      return "stop";
    }
    if (!ready) return "more";
    // A history read in one step (or not searched by meaning) is not worth a line.
    if (steps > 1)
      logger.info(
        { seconds: Math.round((performance.now() - started) / 100) / 10 },
        "recall's meaning index is ready",
      );
    return "stop";
  }, null);
}
