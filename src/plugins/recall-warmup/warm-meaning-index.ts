// Reads recall's meaning index (memory/recall/meaning-index.ts: the newest messages' meaning
// vectors, up to 20,000) in the background after the daemon starts, in small steps, so the first
// search (autoRecall before the first turn, or a `kern recall`) does not wait about a second
// for it at 100k messages; then it works out each row's crowding (memory/recall/meaning-hubness.ts),
// 32 rows a step (about 9 s of steps at 20,000 rows, once), so a search's new candidates do not
// cost it 50–75 ms the first time. Nothing when recall does not search by meaning (an
// embedder other than `local`). Once caught up it looks again every half minute, so messages the
// embedding job reaches later (an import into a running daemon) are read and weighed here too, not
// by the next search; a look with nothing new does nothing. Logged once when ready.
import type { Logger } from "../../log/index.js";
import type { MemoryPort } from "../../runtime/index.js";
import { type BackgroundSteps, runInSteps } from "./background-steps.js";

/** Messages read per step (about 50 ms of reading and embedding on this project's machine). */
const STEP_MESSAGES = 1_000;

/** Pause between looks once the index has caught up. */
const IDLE_MS = 30_000;

export function warmMeaningIndex(
  memory: Pick<MemoryPort, "warmMeaningStep">,
  logger: Logger,
  idleMs = IDLE_MS,
): BackgroundSteps {
  const started = performance.now();
  let steps = 0;
  let announced = false;
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
    if (steps > 1 && !announced) {
      announced = true;
      logger.info(
        { seconds: Math.round((performance.now() - started) / 100) / 10 },
        "recall's meaning index is ready",
      );
    }
    steps = 0;
    return "done";
  }, idleMs);
}
