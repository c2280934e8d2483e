// Reads the daemon's `GET /events` body as StreamEvents. Each event is checked against the protocol
// schema; one that does not parse (a newer daemon's event type, a broken line) is skipped, never
// fatal. Ends quietly when the connection closes or the caller aborts.
import { type StreamEvent, streamEventSchema } from "../protocol/index.js";
import { createSseParser, type SseMessage } from "./create-sse-parser.js";

export async function* readEventStream(
  body: ReadableStream<Uint8Array>,
  signal: AbortSignal,
): AsyncGenerator<StreamEvent> {
  const parser = createSseParser();
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<Uint8Array>;
      try {
        chunk = await reader.read();
      } catch {
        return; // the connection broke or the caller aborted: the stream is over either way
      }
      if (chunk.done) return;
      for (const message of parser.push(decoder.decode(chunk.value, { stream: true }))) {
        const event = toStreamEvent(message);
        if (event) yield event;
        if (signal.aborted) return;
      }
    }
  } finally {
    // Release the socket when the consumer stops early; cancel() on a closed stream is harmless.
    reader.cancel().catch(() => undefined);
  }
}

/** Parses one SSE message; null when it is not a valid kern stream event. */
export function toStreamEvent(message: SseMessage): StreamEvent | null {
  let data: unknown;
  try {
    data = JSON.parse(message.data);
  } catch {
    return null; // not JSON: not one of ours
  }
  // The type travels in `data`; fall back to the SSE event name when the payload omits it.
  const withType =
    typeof data === "object" && data !== null && !("type" in data) && message.event !== "message"
      ? { type: message.event, ...data }
      : data;
  const parsed = streamEventSchema.safeParse(withType);
  return parsed.success ? parsed.data : null;
}
