// The Jobs page's "Recent runs" (issue 48): the run history of `.kern/jobs-runs.jsonl`, newest
// first, as `kern jobs list --all` lists it — finished reminders' runs included, times in the
// agent's time zone. The newest RECENT runs first; "Show all" asks for the whole history.
import type { JobRunEntryView, JobRunsView } from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h } from "../dom.js";
import { formatNumber, formatZonedTime } from "../format.js";

/** How many runs the page asks for first. */
export const RECENT_RUNS = 20;
/** The history's own read limit (job-history.ts). */
const ALL_RUNS = 2_000;

/** ok is good news, silent and skipped-* are quiet, the rest went wrong. */
function outcomeTone(outcome: string): "ok" | "quiet" | "skipped" | "failed" {
  if (outcome === "ok") return "ok";
  if (outcome === "silent") return "quiet";
  if (outcome.startsWith("skipped")) return "skipped";
  return "failed";
}

function runItem(run: JobRunEntryView, timezone: string): HTMLElement {
  const details = [
    run.tokens === null ? null : `${formatNumber(run.tokens)} tokens`,
    run.schedule,
    `by ${run.createdBy}`,
  ].filter((part) => part !== null);
  return h(
    "li",
    { class: "run-item", "data-job": run.job, "data-outcome": run.outcome },
    h(
      "time",
      { class: "run-time", datetime: run.startedAt },
      formatZonedTime(run.startedAt, timezone),
    ),
    h("strong", { class: "run-job" }, run.job),
    h("span", { class: `run-outcome tone-${outcomeTone(run.outcome)}` }, run.outcome),
    h(
      "span",
      { class: "muted run-detail" },
      details.flatMap((part, index) => [index > 0 ? " " : null, h("span", null, part)]),
    ),
  );
}

/** The card: the newest runs and, when the history holds more, a button that shows them all. */
export function runsCard(view: JobRunsView): HTMLElement {
  const card = h("section", { class: "card runs-card", "aria-label": "Recent runs" });
  const draw = (shown: JobRunsView) => {
    const more = shown.total > shown.runs.length;
    const showAll = more
      ? h("button", { type: "button", class: "runs-more" }, `Show all ${formatNumber(shown.total)}`)
      : null;
    showAll?.addEventListener("click", () => {
      showAll.disabled = true;
      api.jobRuns(ALL_RUNS).then(draw, (error: unknown) => card.append(errorBox(error)));
    });
    card.replaceChildren(
      h(
        "div",
        { class: "card-header" },
        h("h2", null, `Recent runs (${formatNumber(shown.total)})`),
        h("span", { class: "muted runs-zone" }, `times in ${shown.timezone}`),
      ),
      shown.runs.length === 0
        ? h("p", { class: "muted" }, "No runs yet. A job's runs are listed here once they end.")
        : h(
            "ol",
            { class: "run-list" },
            shown.runs.map((run) => runItem(run, shown.timezone)),
          ),
      ...(showAll ? [showAll] : []),
    );
  };
  draw(view);
  return card;
}
