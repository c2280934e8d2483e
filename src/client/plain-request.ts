// One request/answer exchange with the daemon, body read whole. By default over node:http: the
// global fetch loads undici on first use, ~100 ms of a one-shot `kern status` (issue 17, ADR 0013).
// A fetch can be given instead (tests replace it). Internal to client/.
import { request as httpRequest } from "node:http";

export interface PlainRequest {
  method: "GET" | "POST";
  url: string;
  headers: Record<string, string>;
  body?: string;
  signal: AbortSignal;
}

export interface PlainAnswer {
  status: number;
  contentType: string;
  text: string;
}

export type PlainTransport = (request: PlainRequest) => Promise<PlainAnswer>;

/** Over node:http, one connection per request (nothing keeps a one-shot CLI process alive). */
export const httpTransport: PlainTransport = (plain) =>
  new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...plain.headers };
    if (plain.body !== undefined) headers["content-length"] = Buffer.byteLength(plain.body);
    const outgoing = httpRequest(
      plain.url,
      { method: plain.method, headers, signal: plain.signal, agent: false },
      (incoming) => {
        let text = "";
        incoming.setEncoding("utf8");
        incoming.on("data", (chunk: string) => {
          text += chunk;
        });
        incoming.on("error", reject);
        incoming.on("end", () =>
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: String(incoming.headers["content-type"] ?? ""),
            text,
          }),
        );
      },
    );
    outgoing.on("error", reject);
    outgoing.end(plain.body);
  });

/** Through a fetch implementation (the global one, or a test's). */
export function fetchTransport(fetchImpl: typeof fetch): PlainTransport {
  return async (plain) => {
    const response = await fetchImpl(plain.url, {
      method: plain.method,
      headers: plain.headers,
      body: plain.body,
      signal: plain.signal,
    });
    const text = await response.text();
    return {
      status: response.status,
      contentType: response.headers.get("content-type") ?? "",
      text,
    };
  };
}
