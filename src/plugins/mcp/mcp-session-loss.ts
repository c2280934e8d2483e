// When an HTTP MCP session is gone for good (issue 48 item 7). A server that restarts forgets its
// sessions and answers the old one 404 (the spec) or 400 "No valid session ID" (server-everything);
// one that is down refuses the connection. The SDK reports both as errors of a call, or of its
// notification stream, and keeps the dead session: the connection must drop it and open a new one.
// `retry` says the request cannot have run on the server, so sending it once more is safe. No SDK
// import: the SDK is loaded on the first connection only (mcp-server-connection.ts).

export interface SessionLoss {
  reason: string;
  /** The server refused the request before running it: it may be sent again on a new session. */
  retry: boolean;
}

const FORGOTTEN: SessionLoss = {
  reason: "the server no longer knows this session (it restarted); opening a new one",
  retry: true,
};

/** Node's fetch wraps the socket's error as `cause`. */
function causeCode(error: Error): string | undefined {
  const cause = (error as { cause?: unknown }).cause;
  if (cause && typeof cause === "object" && "code" in cause) return String(cause.code);
  return undefined;
}

/** The HTTP status a transport's error carries: StreamableHTTPError's code, the SSE POST's text. */
function httpStatus(error: Error): number {
  const code = (error as { code?: unknown }).code;
  if (typeof code === "number" && error.message.startsWith("Streamable HTTP error")) return code;
  return Number(/\(HTTP (\d{3})\)/.exec(error.message)?.[1] ?? 0);
}

/** What an error of an HTTP session says about the session; null: nothing (a tool's own error). */
export function sessionLoss(error: unknown): SessionLoss | null {
  if (!(error instanceof Error)) return null;
  const status = httpStatus(error);
  if (status === 404 || status === 400) return FORGOTTEN;
  const code = causeCode(error);
  if (code === "ECONNREFUSED")
    return { reason: `the server refuses connections (${code}: it is down)`, retry: true };
  if (code !== undefined && /^(ECONNRESET|EPIPE|UND_ERR_SOCKET|UND_ERR_CLOSED)$/.test(code))
    return { reason: `the connection to the server broke (${code})`, retry: false };
  // The notification stream could not be reopened: the server is gone, or lost the session.
  if (/^Maximum reconnection attempts/.test(error.message))
    return { reason: "the server's event stream ended and could not be reopened", retry: false };
  return null;
}
