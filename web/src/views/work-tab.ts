// Memory → Work: the calls waiting for the operator's yes (SPEC §16) with Approve / Deny, then
// the sub-agents and background commands (SPEC §13) with their state and tokens, a Cancel button
// on each running sub-agent and a Stop button on each running command. A daemon without one of
// those plugins shows that part as not available.
import type { ApprovalView } from "../../../src/kernel/index.js";
import type { ProcessRow, SubagentRow } from "../../../src/protocol/index.js";
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
  // Each cell names its column, for the phone's one-cell-a-line layout (4-memory.css).
  for (const row of rows)
    Array.from(row.children).forEach((cell, index) => {
      const label = headers[index];
      if (label) cell.setAttribute("data-label", label);
    });
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

function approvalRow(row: ApprovalView, reload: () => void): HTMLElement {
  const who = row.askedBy.name ?? row.askedBy.user ?? row.askedBy.role;
  const decide = (approve: boolean, label: string) => {
    const button = h("button", { type: "button", class: approve ? "" : "danger" }, label);
    button.addEventListener("click", () => {
      button.disabled = true;
      api
        .decideApproval(row.id, approve)
        .catch(() => undefined) // decided elsewhere meanwhile: the reload shows it
        .finally(reload);
    });
    return button;
  };
  return h(
    "tr",
    { "data-approval-id": row.id, "data-state": row.state },
    h("td", null, h("code", null, row.id)),
    h("td", null, h("code", null, row.tool)),
    h("td", { class: "task" }, h("code", null, row.arguments)),
    h("td", null, `${who}: ${row.reason}`),
    h("td", null, formatTime(row.createdAt)),
    h(
      "td",
      null,
      row.state === "pending"
        ? [decide(true, "Approve"), " ", decide(false, "Deny")]
        : `${row.state}${row.decidedBy ? ` by ${row.decidedBy}` : ""}`,
    ),
  );
}

/** A plugin's list, or null when the daemon runs without that plugin. */
async function optional<T>(load: () => Promise<T>): Promise<T | null> {
  try {
    return await load();
  } catch {
    return null;
  }
}

export async function renderWorkTab(panel: HTMLElement): Promise<void> {
  const [approvals, subagents, processes] = await Promise.all([
    api.approvals(),
    optional(() => api.subagents()),
    optional(() => api.processes()),
  ]);
  const reload = () => void renderWorkTab(panel);
  panel.replaceChildren(
    h(
      "section",
      { class: "card" },
      h("h2", null, "Waiting for your approval"),
      table(
        ["id", "tool", "arguments", "asked by", "asked", ""],
        approvals.approvals.map((row) => approvalRow(row, reload)),
        "No call waits for approval.",
      ),
    ),
    h(
      "section",
      { class: "card" },
      h("h2", null, "Sub-agents"),
      table(
        ["id", "state", "task", "scope", "tokens", "started", ""],
        (subagents?.subagents ?? []).map((row) => subagentRow(row, reload)),
        subagents ? "No sub-agents in this run." : "Sub-agents are not available in this daemon.",
      ),
    ),
    h(
      "section",
      { class: "card" },
      h("h2", null, "Background commands"),
      table(
        ["id", "state", "command", "output", "started", ""],
        (processes?.processes ?? []).map((row) => processRow(row, reload)),
        processes
          ? "No background commands in this run."
          : "Background commands are not available in this daemon.",
      ),
    ),
  );
}
