// The daemon's side of `kern import` with the daemon running (issue 13): the upload is written to
// `.kern/imports/` (streamed, never held), then appended as one transaction while the memory
// worker is paused, then the memory is built to completion — all inside the turn queue.
import { createWriteStream, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { AgentPaths } from "../config/index.js";
import { type Clock, createId, isoNow } from "../kernel/index.js";
import type { MemoryEngine } from "../memory/index.js";
import type { Importer } from "../runtime/index.js";
import type { AgentStore } from "../store/index.js";
import { appendImport } from "./append-import.js";

export function createDaemonImporter(options: {
  paths: AgentPaths;
  store: AgentStore;
  memory: MemoryEngine;
  clock: Clock;
}): Importer {
  const { paths, store, memory, clock } = options;
  const uploads = join(paths.kernDir, "imports");
  rmSync(uploads, { recursive: true, force: true }); // uploads a crash left behind
  return {
    async receive(source) {
      mkdirSync(uploads, { recursive: true, mode: 0o700 });
      const file = join(uploads, `${createId("upload", clock.now())}.jsonl`);
      try {
        await pipeline(Readable.from(source), createWriteStream(file, { mode: 0o600 }));
      } catch (error) {
        rmSync(file, { force: true });
        throw error;
      }
      return file;
    },
    async run(file, name, onProgress) {
      const started = Date.now();
      const report = await memory.whilePaused(() =>
        appendImport({
          store,
          markerFile: paths.importMarker,
          file,
          name,
          now: isoNow(clock),
          onProgress: (done, total) => onProgress("append", done, total),
          onParse: (done, total) => onProgress("parse", done, total),
        }),
      );
      const memoryStarted = Date.now();
      await memory.runUntilIdle((progress) =>
        onProgress(progress.phase, progress.done, progress.total),
      );
      const now = Date.now();
      return {
        ...report,
        segments: store.segments.countsByLevel(),
        memoryMs: now - memoryStarted,
        totalMs: now - started,
      };
    },
    discard(file) {
      rmSync(file, { force: true });
    },
  };
}
