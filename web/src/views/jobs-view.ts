// Jobs (SPEC §13): each scheduled job with its schedule, reply route, next and last run, outcome
// and tokens, with Pause/Resume and Delete; the day's unattended spend and the heartbeat.
import type { JobView } from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";
import { formatTime } from "../format.js";

function jobItem(job: JobView, onChange: () => void): HTMLElement {
  const toggle = h("button", { type: "button" }, job.paused ? "Resume" : "Pause");
  const remove = h("button", { type: "button", class: "danger" }, "Delete");
  const last = job.lastRun
    ? `last ${formatTime(job.lastRun.startedAt)}: ${job.lastRun.outcome}${job.lastRun.tokens === null ? "" : `, ${job.lastRun.tokens} tokens`}`
    : "never ran";
  const next = job.paused ? "paused" : job.nextRunAt ? `next ${formatTime(job.nextRunAt)}` : "done";
  const item = h(
    "li",
    { class: "job-item", "data-job": job.name },
    h("strong", null, job.name),
    h("span", null, `${job.schedule} → ${job.to}`),
    h("span", { class: "muted" }, `${next} · ${last} · catch-up ${job.catchUp}`),
    h("span", { class: "job-prompt" }, job.prompt),
    toggle,
    remove,
  );
  const act = (button: HTMLButtonElement, action: "pause" | "resume" | "remove") => {
    button.disabled = true;
    api.jobAction(job.name, action).then(onChange, (error: unknown) => {
      button.disabled = false;
      item.append(errorBox(error));
    });
  };
  toggle.addEventListener("click", () => act(toggle, job.paused ? "resume" : "pause"));
  remove.addEventListener("click", () => act(remove, "remove"));
  return item;
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
      const { jobs, unattended, heartbeat } = await api.jobs();
      const refresh = () => void this.show();
      const cap = unattended.capPerDay === null ? "no cap" : `of ${unattended.capPerDay}`;
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
        h(
          "section",
          { class: "card" },
          h("h2", null, "Unattended work today"),
          h("p", { class: "unattended-spend" }, `${unattended.spentToday} tokens (${cap})`),
          unattended.notice ? h("p", { class: "notice" }, unattended.notice) : "",
          heartbeat
            ? h(
                "p",
                { class: "muted" },
                `Heartbeat every ${Math.round(heartbeat.intervalMs / 60_000)} min${heartbeat.lastBeat ? `; last beat ${heartbeat.lastBeat.outcome}` : ""}`,
              )
            : h("p", { class: "muted" }, "Heartbeat off."),
        ),
      );
    } catch (error) {
      this.body.replaceChildren(errorBox(error));
    }
  }
}
