// What the model and the people read about a parked call: the tool's result while it waits, and
// the text of the turn that brings the decision back. Pure.
import { type ApprovalView, formatLocalDateTime, hostTimezone } from "../../kernel/index.js";
import type { ApprovalRecord } from "./approval-book.js";

/** Longest argument text shown in a request (Telegram's message, the TUI line). */
const SHOWN_ARGUMENT_CHARS = 600;

/** The tool result of a parked call: the model learns it waits and must not retry it. */
export function waitingText(approval: ApprovalView): string {
  return `waiting for the operator's approval ${approval.id} (${approval.reason}); the call has not run. Its outcome comes back as a turn [via approval ${approval.id}]; do not call it again meanwhile.`;
}

/** The text of the turn that reports a decision (the envelope names the approval). */
export function decisionText(record: ApprovalRecord, timezone: string): string {
  const call = `${record.tool} ${shortArguments(record.arguments)}`;
  switch (record.state) {
    case "approved": {
      const outcome = record.run?.isError ? "failed" : "ran";
      return `The operator approved the call ${call} (asked ${formatLocalDateTime(record.createdAt, timezone)}); it ${outcome}. Its result:\n${record.run?.output ?? ""}`;
    }
    case "denied":
      return `The operator denied the call ${call}; it did not run. Do not try it another way.`;
    case "expired":
      return `No answer came for the call ${call} within the approval timeout; it did not run.`;
    case "pending":
      return `The call ${call} still waits for the operator.`;
    default: {
      const unreachable: never = record.state;
      return String(unreachable);
    }
  }
}

/**
 * A request as one message for the operator (Telegram, the TUI): tool, arguments, who, why, and
 * until when (wall-clock time in `timezone`, the agent's).
 */
export function requestText(approval: ApprovalView, timezone = hostTimezone()): string {
  const who = approval.askedBy.name ?? approval.askedBy.user ?? approval.askedBy.role;
  const where = approval.askedBy.channel ? ` (${approval.askedBy.channel})` : "";
  return [
    `Approve ${approval.tool}? (${approval.id})`,
    shortArguments(approval.arguments),
    `asked by ${who}${where}: ${approval.reason}`,
    `/approve ${approval.id} or /deny ${approval.id}; no answer by ${formatLocalDateTime(approval.expiresAt, timezone)} means no`,
  ].join("\n");
}

function shortArguments(text: string): string {
  return text.length > SHOWN_ARGUMENT_CHARS ? `${text.slice(0, SHOWN_ARGUMENT_CHARS)}…` : text;
}
