// `kern import` with the daemon running: streams the file to POST /import (never read whole) and
// reads the NDJSON answer — progress lines, then the report or the daemon's error.
import { createReadStream } from "node:fs";
import { Readable } from "node:stream";
import { DaemonError, type ImportBuildReport, type ImportPhase } from "../kernel/index.js";
import { importLineSchema } from "../protocol/index.js";
import { httpErrorToDaemonError, notRunningError } from "./to-daemon-error.js";

export interface UploadImportOptions {
  baseUrl: string;
  token: string;
  file: string;
  /** How the daemon names the file in errors (the path the user typed). */
  name: string;
  onProgress?: (phase: ImportPhase, done: number, total: number) => void;
  fetch?: typeof fetch;
}

export async function uploadImport(options: UploadImportOptions): Promise<ImportBuildReport> {
  const fetchImpl = options.fetch ?? fetch;
  const baseUrl = options.baseUrl.replace(/\/+$/, "");
  let response: Response;
  try {
    response = await fetchImpl(`${baseUrl}/import`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${options.token}`,
        "content-type": "application/x-ndjson",
        "x-kern-import-name": encodeURIComponent(options.name),
      },
      body: Readable.toWeb(createReadStream(options.file)) as ReadableStream<Uint8Array>,
      duplex: "half",
    } as RequestInit);
  } catch (error) {
    throw notRunningError(baseUrl, error);
  }
  if (!response.ok || !response.body) {
    throw httpErrorToDaemonError({
      status: response.status,
      bodyText: await response.text(),
      what: "POST /import",
    });
  }
  const seen: SeenProgress = { phase: null, appended: 0, total: 0 };
  for await (const line of ndjsonLines(response.body)) {
    const parsed = importLineSchema.safeParse(JSON.parse(line));
    if (!parsed.success) continue; // a line of a newer daemon: not ours to read
    const value = parsed.data;
    if (value.type === "progress") {
      seen.phase = value.phase;
      if (value.phase === "append")
        Object.assign(seen, { appended: value.done, total: value.total });
      options.onProgress?.(value.phase, value.done, value.total);
    } else if (value.type === "done") return value.report;
    else throw httpErrorToDaemonError({ status: 400, bodyText: line, what: "POST /import" });
  }
  throw unfinishedError(seen, options.name);
}

interface SeenProgress {
  phase: ImportPhase | null;
  /** Messages the append phase reported as written, of its total. */
  appended: number;
  total: number;
}

/**
 * What an answer that ended before its report means, by the last phase it reported (issue 49
 * item 10: "nothing stays" was said of an import whose 20,000 messages were all kept). The append
 * is one transaction: once the memory phases began, every message is in the session.
 */
function unfinishedError(seen: SeenProgress, name: string): DaemonError {
  const memoryPhases: ReadonlyArray<ImportPhase | null> = [
    "embed",
    "segment",
    "summarize",
    "rollup",
  ];
  if (memoryPhases.includes(seen.phase)) {
    return new DaemonError(
      "KERN_DAEMON_API",
      `the daemon closed the answer while it built the memory (did it stop?); the import of ${name} is done: its ${seen.appended} messages are in the session and kept, and the memory build goes on when the daemon runs`,
    );
  }
  if (seen.phase === "append" && seen.total > 0 && seen.appended === seen.total) {
    return new DaemonError(
      "KERN_DAEMON_API",
      `the daemon closed the import of ${name} as it committed its ${seen.total} messages (did it stop?); 'kern status' shows whether they are in the session — running the import again appends nothing twice`,
    );
  }
  return new DaemonError(
    "KERN_DAEMON_API",
    `the daemon closed the import of ${name} before its messages were committed (did it stop?); an unfinished import is rolled back, so nothing of it stays in the session — run it again`,
  );
}

async function* ndjsonLines(body: ReadableStream<Uint8Array>): AsyncGenerator<string> {
  const decoder = new TextDecoder();
  let carry = "";
  try {
    for await (const chunk of body as unknown as AsyncIterable<Uint8Array>) {
      carry += decoder.decode(chunk, { stream: true });
      let newline = carry.indexOf("\n");
      while (newline !== -1) {
        const line = carry.slice(0, newline).trim();
        carry = carry.slice(newline + 1);
        if (line !== "") yield line;
        newline = carry.indexOf("\n");
      }
    }
  } catch {
    return; // the connection broke: the caller reports an unfinished import
  }
  if (carry.trim() !== "") yield carry.trim();
}
