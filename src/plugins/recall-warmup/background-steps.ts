// Work a daemon does in small steps between its other work, so a turn never waits on it: each
// step runs on its own timer (unref'd: it never keeps the process alive) and says whether there
// is more; once done, the next look comes after `idleMs` (none when it is null); a step that
// fails says stop. Stopped, it runs no more steps.

/** What a step says: run the next at once, look again after the idle time, or run no more. */
export type StepOutcome = "more" | "done" | "stop";

export interface BackgroundSteps {
  stop(): void;
}

/** Runs `step` until it is done, then every `idleMs` again (never with null), until it stops. */
export function runInSteps(step: () => StepOutcome, idleMs: number | null): BackgroundSteps {
  let timer: NodeJS.Timeout | null = null;
  let stopped = false;
  const schedule = (ms: number) => {
    timer = setTimeout(next, ms);
    timer.unref();
  };
  const next = () => {
    if (stopped) return;
    const outcome = step();
    if (outcome === "more") schedule(0);
    else if (outcome === "done" && idleMs !== null) schedule(idleMs);
  };
  schedule(0);
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}
