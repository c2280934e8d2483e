// The evidence run-recovery.ts settles `started` runs with: the job turns the runtime holds (queued
// or running, replayed after a crash) and the job turns in the tail of the session log, with how far
// each got. Read once at daemon start, only when some run is still `started`.
import type { SessionMessage } from "../../kernel/index.js";
import type { LoggedJobTurn, PendingJobTurn, RunEvidence } from "./run-recovery.js";

/** How far back in the session log a started run's turn is looked for. */
export const EVIDENCE_MESSAGES = 2000;

/** A turn the runtime holds, as `Runtime.pendingTurns` lists it. */
export interface HeldTurn {
  turnId: string;
  kind?: string;
  envelope: { name?: string; ts: string };
}

export function runEvidence(
  held: readonly HeldTurn[],
  tail: readonly SessionMessage[],
): RunEvidence {
  const pending: PendingJobTurn[] = held
    .filter((turn) => turn.kind === "job")
    .map((turn) => ({
      turnId: turn.turnId,
      name: turn.envelope.name ?? null,
      ts: turn.envelope.ts,
    }));
  return { pending, logged: loggedJobTurns(tail) };
}

/** The job turns of a stretch of the session log, each with its outcome as the log shows it. */
export function loggedJobTurns(messages: readonly SessionMessage[]): LoggedJobTurn[] {
  const turns = new Map<string, { start: SessionMessage; last: SessionMessage; tokens: number }>();
  const reported = new Set<string>();
  for (const message of messages) {
    const turnId = message.meta?.turnId;
    if (!turnId) continue;
    if (message.role === "user" && message.meta?.kind === "job") {
      turns.set(turnId, { start: message, last: message, tokens: 0 });
      continue;
    }
    const turn = turns.get(turnId);
    if (!turn) continue;
    turn.last = message;
    const usage = message.meta?.usage;
    if (usage) {
      turn.tokens += usage.inputTokens + usage.outputTokens;
      reported.add(turnId);
    }
  }
  return [...turns.entries()].map(([turnId, turn]) => ({
    turnId,
    name: turn.start.meta?.name ?? null,
    ts: turn.start.ts,
    outcome: outcomeOf(turn.last),
    tokens: reported.has(turnId) ? turn.tokens : null,
  }));
}

function outcomeOf(last: SessionMessage): LoggedJobTurn["outcome"] {
  const final = last.role === "assistant" && !last.toolCalls?.length && last.meta?.partial !== true;
  if (!final) return "interrupted";
  return last.meta?.silent === true ? "silent" : "ok";
}
