// Recall's in-memory indexes, made ready in the background once the daemon listens (a plugin on
// the host, SPEC §17: the core's search works without them and only runs slower): the common
// words' postings (warm-word-index.ts, kept current every half minute) and the meaning vectors of
// the newest messages (warm-meaning-index.ts: read, then each row's crowding worked out; looked at
// again every half minute).
// Both in small steps between the daemon's other work (background-steps.ts).
import type { KernPlugin } from "../../runtime/index.js";
import type { BackgroundSteps } from "./background-steps.js";
import { warmMeaningIndex } from "./warm-meaning-index.js";
import { warmWordIndex } from "./warm-word-index.js";

export const recallWarmupPlugin: KernPlugin = {
  name: "recall-warmup",
  setup(host) {
    let running: BackgroundSteps[] = [];
    host.onStart(() => {
      running = [
        warmWordIndex(host.kern.store, host.log),
        warmMeaningIndex(host.kern.memory, host.log),
      ];
    });
    host.onStop(() => {
      for (const steps of running) steps.stop();
      running = [];
    });
  },
};
