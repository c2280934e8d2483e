// The page's HTTP client for the daemon API (SPEC §8). Cookie auth only: the token is sent once,
// in the body of POST /login, and never stored by the page (no localStorage, no URL). Every answer
// is parsed with the protocol's schema for it (src/protocol/), the same ones the daemon declares.
import type * as z from "zod";
import {
  agentStatusSchema,
  approvalListSchema,
  approvalViewSchema,
  cancelTurnReplySchema,
  commandListSchema,
  contextSegmentsSchema,
  contextStatsSchema,
  errorBodySchema,
  historyPageSchema,
  jobActionReplySchema,
  jobRunReplySchema,
  jobRunsViewSchema,
  jobsOverviewSchema,
  mcpListViewSchema,
  notesViewSchema,
  okReplySchema,
  pairedUserSchema,
  pairingListSchema,
  postMessageReplySchema,
  processListSchema,
  processRowSchema,
  recallReportSchema,
  recallStatsSchema,
  segmentDetailSchema,
  segmentsReportSchema,
  sessionsViewSchema,
  skillsListViewSchema,
  subagentListSchema,
  subagentRowSchema,
  workingMemorySchema,
} from "../../src/protocol/index.js";

export type { ContextStats } from "../../src/protocol/index.js";

/** An API call that failed: the daemon's error `code` (or KERN_NETWORK) and its message. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;

  constructor(status: number, code: string, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

let unauthorizedHandler: () => void = () => {};

/** Called whenever the API answers 401 (the session ended, e.g. after a daemon restart). */
export function onUnauthorized(handler: () => void): void {
  unauthorizedHandler = handler;
}

/** For calls made outside `call` (an upload): the session ended. */
export function reportUnauthorized(): void {
  unauthorizedHandler();
}

async function toApiError(response: Response): Promise<ApiError> {
  const body = errorBodySchema.safeParse(await response.json().catch(() => undefined));
  if (body.success) {
    return new ApiError(response.status, body.data.error.code, body.data.error.message);
  }
  // not the error shape (a proxy page?): the HTTP status says what happened
  return new ApiError(response.status, "KERN_HTTP", `the daemon answered ${response.status}`);
}

async function call(path: string, method: "GET" | "POST" = "GET", body?: unknown) {
  const headers: Record<string, string> = { accept: "application/json" };
  const init: RequestInit = { method, headers, credentials: "same-origin", cache: "no-store" };
  if (body !== undefined) {
    headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(
      0,
      "KERN_NETWORK",
      "the daemon is not reachable; is it running? (kern status)",
    );
  }
  if (!response.ok) {
    const error = await toApiError(response);
    if (response.status === 401 && path !== "/login") unauthorizedHandler();
    throw error;
  }
  return response;
}

/** JSON from the daemon, parsed by the protocol's schema for this answer. */
async function json<S extends z.ZodType>(
  schema: S,
  path: string,
  method: "GET" | "POST" = "GET",
  body?: unknown,
): Promise<z.output<S>> {
  const response = await call(path, method, body);
  const parsed = schema.safeParse(await response.json().catch(() => undefined));
  if (parsed.success) return parsed.data;
  throw new ApiError(
    response.status,
    "KERN_BAD_RESPONSE",
    `the daemon's answer to ${path} has an unexpected shape; reload the page (is the daemon a newer kern?)`,
  );
}

function query(parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

export const api = {
  login: (token: string) => json(okReplySchema, "/login", "POST", { token }),
  logout: () => json(okReplySchema, "/logout", "POST"),
  status: () => json(agentStatusSchema, "/status"),
  sendMessage: (text: string, attachments: string[] = []) =>
    json(
      postMessageReplySchema,
      "/message",
      "POST",
      attachments.length > 0 ? { text, attachments } : { text },
    ),
  cancelTurn: (turnId: string) =>
    json(cancelTurnReplySchema, `/turns/${encodeURIComponent(turnId)}/cancel`, "POST"),
  history: (options: { before?: number; limit: number }) =>
    json(historyPageSchema, `/history?${query(options)}`),
  sessions: () => json(sessionsViewSchema, "/sessions"),
  contextSystem: async () => (await call("/context/system")).text(),
  contextStats: () => json(contextStatsSchema, "/context/stats"),
  contextSegments: () => json(contextSegmentsSchema, "/context/segments"),
  segments: () => json(segmentsReportSchema, "/segments"),
  segment: (id: string) => json(segmentDetailSchema, `/segments/${encodeURIComponent(id)}`),
  recallStats: () => json(recallStatsSchema, "/recall/stats"),
  recall: (q: string, k: number) => json(recallReportSchema, `/recall/search?${query({ q, k })}`),
  workingMemory: () => json(workingMemorySchema, "/memory/working"),
  notes: () => json(notesViewSchema, "/notes"),
  regenerateNotes: () => json(notesViewSchema, "/notes/summary", "POST"),
  pairing: () => json(pairingListSchema, "/pairing"),
  approvePairing: (code: string) => json(pairedUserSchema, "/pairing/approve", "POST", { code }),
  mcpServers: () => json(mcpListViewSchema, "/extensions/mcp"),
  skills: () => json(skillsListViewSchema, "/extensions/skills"),
  subagents: () => json(subagentListSchema, "/subagents"),
  processes: () => json(processListSchema, "/processes"),
  approvals: () => json(approvalListSchema, "/approvals"),
  decideApproval: (id: string, approve: boolean) =>
    json(approvalViewSchema, `/approvals/${encodeURIComponent(id)}`, "POST", { approve }),
  commands: () => json(commandListSchema, "/commands").then((reply) => reply.commands),
  revokePairing: (channel: string, user: string) =>
    json(pairedUserSchema, "/pairing/revoke", "POST", { channel, user }),
  cancelSubagent: (id: string) =>
    json(subagentRowSchema, `/subagents/${encodeURIComponent(id)}/cancel`, "POST"),
  stopProcess: (id: string) =>
    json(processRowSchema, `/processes/${encodeURIComponent(id)}/stop`, "POST"),
  jobs: () => json(jobsOverviewSchema, "/jobs"),
  jobRuns: (limit: number) => json(jobRunsViewSchema, `/jobs/runs?limit=${limit}`),
  jobAction: (name: string, action: "pause" | "resume" | "remove") =>
    json(jobActionReplySchema, `/jobs/${encodeURIComponent(name)}/${action}`, "POST", {}),
  runJob: (name: string) =>
    json(jobRunReplySchema, `/jobs/${encodeURIComponent(name)}/run`, "POST", {}),
};
