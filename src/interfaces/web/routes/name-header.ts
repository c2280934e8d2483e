// The file or import name a client sends in a header (`X-Kern-File-Name`, `X-Kern-Import-Name`):
// URI-encoded by kern's own clients. One that is not (`100%.png`, a bare `%`, a broken escape) is
// taken as it was sent, not refused: it is only a name (issue 49 item 10: it answered 500).
export function nameFromHeader(value: unknown): string | undefined {
  if (typeof value !== "string" || value === "") return undefined;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
