// Memory → Work: the sub-agents and background commands (SPEC §13) with their state and tokens,
// a Cancel button on each running sub-agent and a Stop button on each running command.
import type { ProcessRow, SubagentRow, WorkView } from "../../../src/kernel/index.js";
import { api } from "../api.js";
import { h } from "../dom.js";
import { formatNumber, formatTime } from "../format.js";

function actionButton(label: string, act: () => Promise<unknown>, reload: () => void) {
  const button = h("button", { type: "button", class: "danger" }, label);
  button.addEventListener("click", () => {
    button.disabled = true;
    act()
      .catch(() => undefined) // it may have ended meanwhile: the reload shows its state
      .finally(reload);
  });
  return button;
}

function subagentRow(row: SubagentRow, reload: () => void): HTMLElement {
  return h(
    "tr",
    { "data-subagent-id": row.id, "data-state": row.state },
    h("td", null, h("code", null, row.id)),
    h("td", null, row.state),
    h("td", { class: "task" }, row.task),
    h("td", null, row.toolScope),
    h("td", null, `${formatNumber(row.inputTokens)} in · ${formatNumber(row.outputTokens)} out`),
    h("td", null, formatTime(row.startedAt)),
    h(
      "td",
      null,
      row.state === "running"
        ? actionButton("Cancel", () => api.cancelSubagent(row.id), reload)
        : (row.error ?? ""),
    ),
  );
}

function processRow(row: ProcessRow, reload: () => void): HTMLElement {
  const ended = row.exitCode !== null ? `exit ${row.exitCode}` : (row.signal ?? "");
  return h(
    "tr",
    { "data-process-id": row.id, "data-state": row.state },
    h("td", null, h("code", null, row.id)),
    h("td", null, row.state === "running" ? "running" : `${row.state} ${ended}`),
    h("td", { class: "task" }, h("code", null, row.command)),
    h("td", null, `${formatNumber(row.outputBytes)} bytes`),
    h("td", null, formatTime(row.startedAt)),
    h(
      "td",
      null,
      row.state === "running" ? actionButton("Stop", () => api.stopProcess(row.id), reload) : "",
    ),
  );
}

function table(headers: string[], rows: HTMLElement[], empty: string): HTMLElement {
  if (rows.length === 0) return h("p", { class: "muted" }, empty);
  return h(
    "table",
    { class: "work-table" },
    h(
      "thead",
      null,
      h(
        "tr",
        null,
        headers.map((text) => h("th", null, text)),
      ),
    ),
    h("tbody", null, rows),
  );
}

export async function renderWorkTab(panel: HTMLElement): Promise<void> {
  const view: WorkView = await api.work();
  const reload = () => void renderWorkTab(panel);
  panel.replaceChildren(
    h(
      "section",
      { class: "card" },
      h("h2", null, "Sub-agents"),
      table(
        ["id", "state", "task", "scope", "tokens", "started", ""],
        view.subagents.map((row) => subagentRow(row, reload)),
        "No sub-agents in this run.",
      ),
    ),
    h(
      "section",
      { class: "card" },
      h("h2", null, "Background commands"),
      table(
        ["id", "state", "command", "output", "started", ""],
        view.processes.map((row) => processRow(row, reload)),
        "No background commands in this run.",
      ),
    ),
  );
}
