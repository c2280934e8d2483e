// The page's HTTP client for the daemon API (SPEC §8). Cookie auth only: the token is sent once,
// in the body of POST /login, and never stored by the page (no localStorage, no URL).
import type {
  AgentStatus,
  ContextReport,
  HistoryPage,
  NotesView,
  RecallReport,
  RecallStats,
  SegmentDetail,
  SegmentRow,
  SegmentsReport,
  SessionsView,
} from "../../src/kernel/index.js";
import type { WorkingMemoryView } from "../../src/memory/index.js";
import type { PairedUser, PendingPairing } from "../../src/runtime/runtime-api.js";

export type ContextStats = Omit<ContextReport, "systemPrompt">;

export interface ContextSegments {
  session: string;
  segmentIds: string[];
  segments: SegmentRow[];
}

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

async function toApiError(response: Response): Promise<ApiError> {
  try {
    const body: unknown = await response.json();
    if (typeof body === "object" && body !== null && "error" in body) {
      const error = body.error as { code?: unknown; message?: unknown };
      return new ApiError(response.status, String(error.code), String(error.message));
    }
  } catch {
    // not JSON (a proxy page?): fall through to the generic error below
  }
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

/** JSON from our own daemon, typed by the shared view types (src/kernel/views.ts). */
async function json<T>(path: string, method: "GET" | "POST" = "GET", body?: unknown): Promise<T> {
  const response = await call(path, method, body);
  return (await response.json()) as T;
}

function query(parameters: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(parameters)) {
    if (value !== undefined) search.set(key, String(value));
  }
  return search.toString();
}

export const api = {
  login: (token: string) => json<{ ok: boolean }>("/login", "POST", { token }),
  logout: () => json<{ ok: boolean }>("/logout", "POST"),
  status: () => json<AgentStatus>("/status"),
  sendMessage: (text: string) => json<{ turnId: string }>("/message", "POST", { text }),
  cancelTurn: (turnId: string) =>
    json<{ cancelled: boolean }>(`/turns/${encodeURIComponent(turnId)}/cancel`, "POST"),
  history: (options: { before?: number; limit: number }) =>
    json<HistoryPage>(`/history?${query(options)}`),
  sessions: () => json<SessionsView>("/sessions"),
  contextSystem: async () => (await call("/context/system")).text(),
  contextStats: () => json<ContextStats>("/context/stats"),
  contextSegments: () => json<ContextSegments>("/context/segments"),
  segments: () => json<SegmentsReport>("/segments"),
  segment: (id: string) => json<SegmentDetail>(`/segments/${encodeURIComponent(id)}`),
  recallStats: () => json<RecallStats>("/recall/stats"),
  recall: (q: string, k: number) => json<RecallReport>(`/recall/search?${query({ q, k })}`),
  workingMemory: () => json<WorkingMemoryView>("/memory/working"),
  notes: () => json<NotesView>("/notes"),
  regenerateNotes: () => json<NotesView>("/notes/summary", "POST"),
  pairing: () => json<{ paired: PairedUser[]; pending: PendingPairing[] }>("/pairing"),
  approvePairing: (code: string) => json<PairedUser>("/pairing/approve", "POST", { code }),
};
