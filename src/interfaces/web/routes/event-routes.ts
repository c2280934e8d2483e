// GET /events: every runtime event as Server-Sent Events (SG-25). The reply is hijacked and
// written by hand: `event: <type>` + `data: <json>`, a heartbeat comment, cleanup on close.
import type { ServerResponse } from "node:http";
import type { RuntimeEvent } from "../../../kernel/index.js";
import { SECURITY_HEADERS } from "../security-headers.js";
import type { WebApp, WebContext } from "../web-app.js";

/** A client that stops reading is dropped once this much output waits for it. */
const MAX_BUFFERED_BYTES = 4 * 1024 * 1024;
/** How long a dropped client may take to read what is buffered before its socket is closed. */
const DROP_GRACE_MS = 10_000;

/** Frames already made: every client gets the same event object, serialized once. */
const frames = new WeakMap<RuntimeEvent, string>();

/** One SSE frame. JSON.stringify never emits a raw newline, so `data:` stays one line. */
function formatStreamEvent(event: RuntimeEvent): string {
  let frame = frames.get(event);
  if (frame === undefined) {
    frame = `event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`;
    frames.set(event, frame);
  }
  return frame;
}

function openStream(raw: ServerResponse): void {
  raw.writeHead(200, {
    ...SECURITY_HEADERS,
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-store",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  // Tells EventSource how soon to reconnect, and flushes the headers right away.
  raw.write("retry: 2000\n: connected\n\n");
}

export function registerEventRoutes(app: WebApp, context: WebContext): void {
  app.get("/events", (request, reply) => {
    reply.hijack();
    const raw = reply.raw;
    openStream(raw);
    const log = request.log;
    const write = (text: string): void => {
      if (raw.writableEnded || raw.destroyed) return;
      if (raw.writableLength > MAX_BUFFERED_BYTES) {
        log.warn({ buffered: raw.writableLength }, "event stream client too slow; dropping it");
        // The reason comes last, after what the client has not read yet; one that never reads
        // is cut off after a grace period.
        raw.end(
          `: dropped: over ${MAX_BUFFERED_BYTES} bytes unread; reconnect and read faster\n\n`,
        );
        setTimeout(() => raw.destroy(), DROP_GRACE_MS).unref();
        return;
      }
      raw.write(text);
    };
    const heartbeat = setInterval(() => write(": heartbeat\n\n"), context.heartbeatMs);
    const unsubscribe = context.runtime.subscribe((event) => write(formatStreamEvent(event)));
    log.debug("event stream open");
    raw.on("close", () => {
      clearInterval(heartbeat);
      unsubscribe();
      log.debug("event stream closed");
    });
  });
}
