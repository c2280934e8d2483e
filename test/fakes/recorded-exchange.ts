// Recorded HTTP answers replayed by the fakes, so the wire is not defined by our fakes alone. A
// fixture file (test/fixtures/wire/) is text: `#` lines saying where it comes from, the status
// line, the headers, a blank line, then the body byte for byte (an SSE stream, a JSON document).
import { readFileSync } from "node:fs";
import type { ServerResponse } from "node:http";

export interface RecordedExchange {
  /** The fixture's `#` header: its source and how it was made. */
  source: string;
  status: number;
  headers: Record<string, string>;
  body: string;
}

const FIXTURES = new URL("../fixtures/wire/", import.meta.url);

/** Parses a fixture's text (see the file header for the format). */
function parseRecordedExchange(text: string): RecordedExchange {
  const lines = text.split("\n");
  const source: string[] = [];
  while (lines[0]?.startsWith("#")) source.push((lines.shift() ?? "").replace(/^# ?/, ""));
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines.shift() ?? "")?.[1]);
  if (!Number.isInteger(status)) throw new Error("fixture: no 'HTTP/1.1 NNN' status line");
  const headers: Record<string, string> = {};
  for (let line = lines.shift(); line !== undefined && line !== ""; line = lines.shift()) {
    const colon = line.indexOf(":");
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { source: source.join("\n"), status, headers, body: lines.join("\n") };
}

/** Reads `test/fixtures/wire/<name>`, e.g. `openai/chat-stream-tool-calls.http`. */
export function loadRecordedExchange(name: string): RecordedExchange {
  return parseRecordedExchange(readFileSync(new URL(name, FIXTURES), "utf8"));
}

/** Writes the recorded answer as it was: status, headers and body unchanged. */
export function replayExchange(res: ServerResponse, exchange: RecordedExchange): void {
  res.writeHead(exchange.status, exchange.headers);
  res.end(exchange.body);
}
