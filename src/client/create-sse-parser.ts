// An incremental parser for `text/event-stream` (the WHATWG rules we need): `event:` and `data:`
// fields, multi-line data, `:` comments (heartbeats) ignored, any line ending. Pure: no I/O.

/** One dispatched server-sent event. `event` is "message" when the server named none. */
export interface SseMessage {
  event: string;
  data: string;
}

export interface SseParser {
  /** Feeds decoded text; returns the events completed by it (a blank line ends an event). */
  push(text: string): SseMessage[];
}

export function createSseParser(): SseParser {
  let buffer = "";
  let event = "";
  let dataLines: string[] = [];
  // A chunk may end between "\r" and "\n": remember it so the "\n" is not read as an empty line.
  let skipNextNewline = false;

  function takeLine(line: string, out: SseMessage[]): void {
    if (line === "") {
      if (dataLines.length > 0) out.push({ event: event || "message", data: dataLines.join("\n") });
      event = "";
      dataLines = [];
      return;
    }
    if (line.startsWith(":")) return; // a comment: heartbeats keep the connection alive
    const colon = line.indexOf(":");
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? "" : line.slice(colon + 1);
    if (value.startsWith(" ")) value = value.slice(1);
    if (field === "event") event = value;
    else if (field === "data") dataLines.push(value);
    // `id` and `retry` are not used by kern's stream; unknown fields are ignored by the spec.
  }

  return {
    push(text) {
      const out: SseMessage[] = [];
      buffer += text;
      if (skipNextNewline && buffer.startsWith("\n")) buffer = buffer.slice(1);
      skipNextNewline = false;
      for (;;) {
        const match = /\r\n|\r|\n/.exec(buffer);
        if (!match) break;
        if (match[0] === "\r" && match.index === buffer.length - 1) skipNextNewline = true;
        takeLine(buffer.slice(0, match.index), out);
        buffer = buffer.slice(match.index + match[0].length);
      }
      return out;
    },
  };
}
