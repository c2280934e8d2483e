// Which tool calls wait for the operator's yes (SPEC §16), decided from the call, the turn and the
// config alone. Pure: no I/O.
//
// - A call above the asker's scope: a member's turn runs at `memberToolScope`; the model may still
//   call a wider tool, and that call needs a yes (unless `approvals` is "off", when the wider tools
//   are not offered to a member's turn at all).
// - A risky call (a `full`-scope tool, or one that says so for its arguments: `message` to another
//   chat) needs a yes by the `approvals` setting: "members" — in a member's turn and in whatever a
//   member's turn started; "unattended" — also in every unattended turn; "all" — also in the
//   operator's own turns; "off" — never.
import type { ActorRole, Origin, TurnKind } from "../../kernel/index.js";
import type { ToolScope } from "../tools/tool.js";

export type ApprovalsSetting = "members" | "unattended" | "all" | "off";

const RANK: Record<ToolScope, number> = { read: 0, write: 1, full: 2 };

export interface ApprovalQuestion {
  tool: { name: string; scope: ToolScope };
  /** The tool's own say for these arguments (`message` to another chat); absent = by scope. */
  risky?: boolean;
  turn: {
    kind: TurnKind;
    /** The sender's role in a person's turn. */
    role: ActorRole;
    /** Who started the chain of work the turn belongs to. */
    origin: Origin;
    /** True for unattended kinds (jobs, heartbeat, results). */
    unattended: boolean;
  };
  approvals: ApprovalsSetting;
  memberToolScope: ToolScope;
}

/** Why this call needs the operator's yes, in a few words; null when it may run. */
export function approvalReason(question: ApprovalQuestion): string | null {
  const { tool, turn, approvals } = question;
  if (approvals === "off") return null;
  const byMember = turn.role === "member" || turn.origin.role === "member";
  if (byMember && RANK[tool.scope] > RANK[question.memberToolScope])
    return `a ${tool.scope}-scope tool in ${turn.role === "member" ? "a member's turn" : "work a member started"} (memberToolScope is ${question.memberToolScope})`;
  const risky = question.risky ?? tool.scope === "full";
  if (!risky) return null;
  if (byMember)
    return turn.role === "member" ? "a member's turn" : `${turn.kind} work a member started`;
  if (approvals === "members") return null;
  if (turn.unattended) return `an unattended ${turn.kind} turn (approvals: ${approvals})`;
  return approvals === "all" ? "approvals: all" : null;
}

/** The scope a turn's tools are offered in: a member's is widened only when approvals can ask. */
export function offeredScope(options: {
  configScope: ToolScope;
  role: ActorRole;
  approvals: ApprovalsSetting;
  memberToolScope: ToolScope;
}): ToolScope {
  const { configScope, role, approvals, memberToolScope } = options;
  if (role === "operator" || approvals !== "off") return configScope;
  return RANK[memberToolScope] < RANK[configScope] ? memberToolScope : configScope;
}
