// Jobs (SPEC §13): each scheduled job as a row like the Extensions page's — name and state, the
// schedule and reply route, next and last run (in the agent's time zone), the prompt — with the
// buttons its state allows (job-actions.ts) and Delete asking first, in the row; the recent runs
// (jobs-runs.ts), finished reminders' included; the day's unattended spend and the heartbeat.
import type { JobsOverview, JobView } from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";
import { formatNumber, formatZonedTime } from "../format.js";
import { JOB_ACTION_LABELS, jobActions, jobState, type ScheduledAction } from "../job-actions.js";
import { RECENT_RUNS, runsCard } from "./jobs-runs.js";

const STATE_LABELS = { running: "running", scheduled: "scheduled", paused: "paused", done: "done" };

/** Next run, last run, count and catch-up, each part kept on one line (job-runs > span). */
function runLine(job: JobView): HTMLElement {
  const state = jobState(job);
  const formatTime = (iso: string) => formatZonedTime(iso, job.timezone);
  const next =
    state === "scheduled" && job.nextRunAt
      ? `next ${formatTime(job.nextRunAt)}`
      : state === "paused"
        ? "paused"
        : null;
  const tokens = job.lastRun?.tokens;
  const last = job.lastRun
    ? `last ${formatTime(job.lastRun.startedAt)}: ${job.lastRun.outcome}${tokens === null || tokens === undefined ? "" : `, ${formatNumber(tokens)} tokens`}`
    : "never ran";
  const runs = `${job.runs} run${job.runs === 1 ? "" : "s"}`;
  const parts = [next, last, runs, `catch-up ${job.catchUp}`].filter((part) => part !== null);
  return h(
    "span",
    { class: "muted job-runs" },
    // The separator ends the part before it (CSS), so a wrapped line never starts with one.
    parts.flatMap((part, index) => [index > 0 ? " " : null, h("span", null, part)]),
  );
}

/** The row's buttons; Delete swaps them for "Delete NAME? Delete / Cancel" until answered. */
function jobActionsBar(job: JobView, report: (error: unknown) => void, onChange: () => void) {
  const bar = h("div", { class: "job-actions" });
  const act = (button: HTMLButtonElement, action: ScheduledAction) => {
    button.disabled = true;
    const call = action === "run" ? api.runJob(job.name) : api.jobAction(job.name, action);
    call.then(onChange, (error: unknown) => {
      button.disabled = false;
      report(error);
    });
  };
  const buttons = () =>
    jobActions(job).map((action) => {
      const button = h(
        "button",
        { type: "button", class: action === "remove" ? "danger" : null, "data-action": action },
        JOB_ACTION_LABELS[action],
      );
      button.addEventListener("click", () =>
        action === "remove" ? confirmDelete() : act(button, action),
      );
      return button;
    });
  const confirmDelete = () => {
    const yes = h(
      "button",
      { type: "button", class: "danger", "data-action": "confirm" },
      "Delete",
    );
    const no = h("button", { type: "button", "data-action": "cancel" }, "Cancel");
    yes.addEventListener("click", () => act(yes, "remove"));
    no.addEventListener("click", () => bar.replaceChildren(...buttons()));
    bar.replaceChildren(
      h("span", { class: "job-confirm", role: "alert" }, `Delete ${job.name}?`),
      yes,
      no,
    );
    no.focus();
  };
  bar.replaceChildren(...buttons());
  return bar;
}

function jobItem(job: JobView, onChange: () => void): HTMLElement {
  const state = jobState(job);
  const item = h("li", { class: "job-item", "data-job": job.name, "data-state": state });
  const report = (error: unknown) => item.append(errorBox(error));
  item.append(
    h(
      "div",
      { class: "job-main" },
      h(
        "div",
        { class: "job-title" },
        h("strong", null, job.name),
        h("span", { class: `job-state state-${state}` }, STATE_LABELS[state]),
      ),
      h("span", { class: "job-schedule" }, `${job.schedule} → ${job.to}`),
      runLine(job),
      h("p", { class: "job-prompt" }, job.prompt),
    ),
    jobActionsBar(job, report, onChange),
  );
  return item;
}

/** `Heartbeat every 30 min; next beat Dec 1, 10:30; last beat quiet`, times in the agent's zone. */
function heartbeatLine(heartbeat: NonNullable<JobsOverview["heartbeat"]>, zone?: string): string {
  const next = heartbeat.nextBeatAt
    ? `; next beat ${formatZonedTime(heartbeat.nextBeatAt, zone)}`
    : "";
  const last = heartbeat.lastBeat ? `; last beat ${heartbeat.lastBeat.outcome}` : "";
  return `Heartbeat every ${Math.round(heartbeat.intervalMs / 60_000)} min${next}${last}`;
}

function unattendedCard({ unattended, heartbeat, timezone }: JobsOverview): HTMLElement {
  const cap = unattended.capPerDay === null ? "no cap" : `of ${formatNumber(unattended.capPerDay)}`;
  return h(
    "section",
    { class: "card" },
    h("h2", null, "Unattended work today"),
    h("p", { class: "unattended-spend" }, `${formatNumber(unattended.spentToday)} tokens (${cap})`),
    unattended.notice ? h("p", { class: "notice" }, unattended.notice) : null,
    heartbeat
      ? h("p", { class: "muted heartbeat-line" }, heartbeatLine(heartbeat, timezone))
      : h("p", { class: "muted" }, "Heartbeat off."),
  );
}

export class JobsView {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;

  constructor() {
    this.body = h("div", { class: "jobs-body" });
    this.element = h("section", { class: "page-view", "aria-label": "Jobs" }, this.body);
  }

  async show(): Promise<void> {
    this.body.replaceChildren(loading());
    try {
      const [overview, runs] = await Promise.all([api.jobs(), api.jobRuns(RECENT_RUNS)]);
      const refresh = () => void this.show();
      const { jobs } = overview;
      this.body.replaceChildren(
        h(
          "section",
          { class: "card" },
          h("h2", null, `Jobs (${jobs.length})`),
          jobs.length === 0
            ? h(
                "p",
                { class: "muted" },
                "No jobs. Ask the agent to remind you, or run 'kern jobs add'.",
              )
            : h(
                "ul",
                { class: "job-list" },
                jobs.map((job) => jobItem(job, refresh)),
              ),
        ),
        runsCard(runs),
        unattendedCard(overview),
      );
    } catch (error) {
      this.body.replaceChildren(errorBox(error));
    }
  }
}
