// The texts a sub-agent's end puts into the main session (the `subagent` turn's message), and the
// closing of a transcript a stop or crash cut short. The transcript's path links the two sessions.
import { existsSync } from "node:fs";
import { type Clock, isoNow, type SessionMessage } from "../../kernel/index.js";
import { planInterruptedToolResults } from "../../runtime/index.js";
import type { AgentStore } from "../../store/index.js";
import { readSessionFile, SessionLog } from "../../store/index.js";
import type { SubagentEnd } from "./subagent-manager.js";
import type { SubagentRecord } from "./subagent-records.js";

const HOW: Record<string, string> = {
  done: "finished",
  failed: "failed",
  "timed-out": "ran out of time",
  cancelled: "was cancelled",
};

/** The message of the turn that brings a sub-agent's result back into the session. */
export function resultNotice(end: SubagentEnd): string {
  const { view } = end;
  const seconds = view.endedAt
    ? Math.round((Date.parse(view.endedAt) - Date.parse(view.startedAt)) / 1000)
    : 0;
  const lines = [
    `sub-agent ${view.id} ${HOW[view.state] ?? view.state} after ${seconds} s (${view.inputTokens} input + ${view.outputTokens} output tokens).`,
    `task: ${view.task}`,
    `transcript: ${view.transcript} (session ${view.id}; recall and expand can read it)`,
  ];
  if (view.error) lines.push(`error: ${view.error}`);
  lines.push(end.text.trim() ? `result:\n${end.text.trim()}` : "result: (no text)");
  return lines.join("\n");
}

/** The message that tells the session a sub-agent was cut short by a stop or crash. */
export function interruptedNotice(record: SubagentRecord): string {
  return [
    `sub-agent ${record.id} was interrupted: the daemon stopped or crashed while it ran (started ${record.startedAt}); it did not finish.`,
    `task: ${record.task}`,
    `transcript so far: ${record.transcript} (session ${record.id})`,
    "Spawn it again if the task is still needed.",
  ].join("\n");
}

/**
 * Closes the transcript of a sub-agent a crash cut short: its unanswered tool calls get results
 * saying so (no orphan call stays in any log), and a last note says it was interrupted.
 */
export function closeInterruptedTranscript(
  store: Pick<AgentStore, "appendToSideLog">,
  record: SubagentRecord,
  clock: Clock,
): void {
  if (!existsSync(record.transcript)) return;
  const log = SessionLog.openFile({ file: record.transcript, id: record.id, clock });
  try {
    const tail: SessionMessage[] = [];
    const ts = isoNow(clock);
    readSessionFile(log.file, (message) => tail.push(message)); // one task's transcript: small
    const closing = planInterruptedToolResults(tail, ts);
    store.appendToSideLog(log, [
      ...closing,
      {
        ts,
        role: "assistant",
        content: "(interrupted: the daemon stopped or crashed before this sub-agent finished)",
        meta: { interrupted: true },
      },
    ]);
    log.sync();
  } finally {
    log.close();
  }
}
