// Turn sources (STYLE, registries): anything may put a turn in the one queue — a person's message,
// a job, the heartbeat, a sub-agent's result, a background command's end. Each comes with its
// envelope (who, from where, where the reply goes) and how it runs; the queue, cancel, events
// and the log treat every kind alike (SPEC §13).
import type { InboundEnvelope, Origin, TurnKind } from "../kernel/index.js";
import type { ToolScope } from "./tools/tool.js";

export interface TurnRequest {
  kind: TurnKind;
  /**
   * `interface` names the source ("job", "heartbeat", "subagent", "process"), `name` the job,
   * sub-agent or process; `replyTo` where the reply goes (absent: nowhere but the session).
   */
  envelope: InboundEnvelope;
  /** Another model for this turn (`heartbeatModel`). */
  model?: string;
  /** A smaller prompt: this token budget, and no autoRecall block (a heartbeat's light prompt). */
  maxContextTokens?: number;
  /** Another tool scope for this turn; never wider than the config's (it is narrowed to it). */
  toolScope?: ToolScope;
  /**
   * The depth it runs at (TurnInfo.depth; absent: 0). A turn that brings back work another turn
   * started inherits that work's depth (a sub-agent's result: the sub-agent's; a background
   * command's end: its starter's), so a chain of result turns that spawn again ends at
   * `subagentDepth` (issue 49 item 5).
   */
  depth?: number;
}

/** How one queued turn runs besides its envelope (kept in the queue file with it). */
export interface TurnOptions {
  kind?: TurnKind;
  /** Who started the chain of work (SPEC §16): the sender, or the origin a source passed on. */
  origin?: Origin;
  model?: string;
  maxContextTokens?: number;
  toolScope?: ToolScope;
  /** TurnRequest.depth. */
  depth?: number;
}

const RANK: Record<ToolScope, number> = { read: 0, write: 1, full: 2 };

/** The narrower of two scopes: a turn source can restrict the config's scope, never widen it. */
export function narrowerScope(config: ToolScope, requested: ToolScope | undefined): ToolScope {
  if (!requested) return config;
  return RANK[requested] < RANK[config] ? requested : config;
}

/** The reply that means "nothing to say": kept in the log marked silent, delivered nowhere. */
const SILENT_REPLY = "NO_REPLY";

export function isSilentReply(text: string): boolean {
  return text.trim() === SILENT_REPLY;
}

/** A turn's usage rows' purpose; the unattended budget sums those that are not a person's message. */
export function usagePurpose(kind: TurnKind): string {
  return kind === "message" ? "turn" : kind;
}
