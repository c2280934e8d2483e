// Memory → Sessions: every session with its size, span and role mix, and an activity chart of
// messages per day (days of the live session highlighted).
import type { SessionSummary, SessionsView } from "../../../src/kernel/index.js";
import { activitySeries } from "../activity-series.js";
import { api } from "../api.js";
import { barChart, stackedBar } from "../charts.js";
import { h } from "../dom.js";
import { formatDuration, formatNumber, formatTime } from "../format.js";

function activityChart(view: SessionsView): HTMLElement {
  const totals = new Map<string, number>();
  const liveDays = new Set<string>();
  for (const session of view.sessions) {
    for (const [day, count] of Object.entries(session.activity)) {
      totals.set(day, (totals.get(day) ?? 0) + count);
      if (session.id === view.currentSessionId) liveDays.add(day);
    }
  }
  const series = activitySeries(totals, liveDays);
  if (series.bars.length === 0) return h("p", { class: "muted" }, "No activity yet.");
  return barChart(series.bars, `Messages per ${series.unit} across all sessions`, series.unit);
}

function sessionCard(session: SessionSummary, live: boolean): HTMLElement {
  const { user, assistant, tool } = session.roles;
  return h(
    "article",
    { class: live ? "card session live" : "card session", "data-session-id": session.id },
    h(
      "header",
      { class: "session-header" },
      h("code", { class: "session-id" }, session.id),
      live ? h("span", { class: "badge live" }, "live") : null,
    ),
    h(
      "dl",
      { class: "facts" },
      h("div", null, h("dt", null, "Messages"), h("dd", null, formatNumber(session.messageCount))),
      h("div", null, h("dt", null, "Duration"), h("dd", null, formatDuration(session.durationMs))),
      h("div", null, h("dt", null, "First"), h("dd", null, formatTime(session.firstTs))),
      h("div", null, h("dt", null, "Last"), h("dd", null, formatTime(session.lastTs))),
    ),
    stackedBar(
      [
        { label: "user", value: user, kind: "role-user" },
        { label: "assistant", value: assistant, kind: "role-assistant" },
        { label: "tool", value: tool, kind: "role-tool" },
      ],
      user + assistant + tool,
      "Messages by role",
    ),
  );
}

export async function renderSessionsTab(panel: HTMLElement): Promise<void> {
  const view = await api.sessions();
  const sessions = [...view.sessions].sort((a, b) =>
    (b.lastTs ?? "").localeCompare(a.lastTs ?? ""),
  );
  panel.replaceChildren(
    h(
      "section",
      { class: "card" },
      h("h2", null, "Activity"),
      h(
        "p",
        { class: "muted" },
        `${sessions.length} ${sessions.length === 1 ? "session" : "sessions"} · messages per day (per week past 120 days) · live session highlighted`,
      ),
      activityChart(view),
    ),
    h(
      "section",
      { class: "session-list" },
      sessions.map((session) =>
        sessionCard(session, session.id === view.currentSessionId || session.active),
      ),
    ),
  );
}
