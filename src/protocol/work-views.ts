// What the sub-agents and background-commands plugins show (SPEC §13): `/subagents`, `/ps`,
// `GET /subagents`, `GET /processes` and the web Work tab. Pure types.

/** A sub-agent as `/subagents`, `kern status` and `GET /work` show it (SPEC §13). */
export interface SubagentRow {
  id: string;
  task: string;
  state: "running" | "done" | "failed" | "timed-out" | "cancelled";
  toolScope: "full" | "write" | "read";
  startedAt: string;
  endedAt: string | null;
  /** Its transcript's session file (.kern/subagents/<id>.jsonl). */
  transcript: string;
  inputTokens: number;
  outputTokens: number;
  /** Why it failed (state failed). */
  error: string | null;
}

/** A background command (`bash` with background: true) as `/ps` and `GET /work` show it. */
export interface ProcessRow {
  id: string;
  command: string;
  state: "running" | "exited" | "stopped" | "failed";
  pid: number;
  startedAt: string;
  endedAt: string | null;
  /** The exit code, or null when a signal ended it (or it runs). */
  exitCode: number | null;
  signal: string | null;
  outputBytes: number;
}
