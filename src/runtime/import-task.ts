// An import through the running daemon (SPEC §3, issue 13): the upload is received first, then the
// import waits its turn in the queue like a message, so turns sent during it run after it, in
// order. Its progress goes to the uploader and, as `import-progress` events, to every interface.
import {
  DaemonError,
  describeError,
  type Envelope,
  type ImportBuildReport,
  type ImportPhase,
  type RuntimeEvent,
} from "../kernel/index.js";
import type { ImportUpload } from "./runtime-api.js";
import { finishCommand } from "./runtime-commands.js";

/** What the daemon provides to import (daemon/daemon-importer.ts). */
export interface Importer {
  /** Stores the upload where `run` can read it twice; returns that file. */
  receive(source: AsyncIterable<Uint8Array>): Promise<string>;
  /** Appends the file as one transaction and builds its memory to completion. */
  run(
    file: string,
    name: string,
    onProgress: (phase: ImportPhase, done: number, total: number) => void,
  ): Promise<ImportBuildReport>;
  /** Removes the stored upload. */
  discard(file: string): void;
}

/** A queue item that is not a model turn. */
export interface QueuedTask {
  run(): Promise<void>;
  /** Called when the item leaves the queue without running (cancel, stop). */
  abandon(reason: string): void;
}

export interface QueueImportOptions {
  importer: Importer;
  upload: ImportUpload;
  turnId: string;
  ts: string;
  emit: (event: RuntimeEvent) => void;
  enqueue: (turn: {
    turnId: string;
    envelope: Envelope;
    controller: AbortController;
    task: QueuedTask;
  }) => void;
}

export async function queueImport(options: QueueImportOptions): Promise<ImportBuildReport> {
  const { importer, upload, turnId, emit } = options;
  const file = await importer.receive(upload.source);
  return new Promise<ImportBuildReport>((resolve, reject) => {
    const finish = (text: string) => finishCommand({ emit }, turnId, "import", text);
    const task: QueuedTask = {
      async run() {
        try {
          const report = await importer.run(file, upload.name, (phase, done, total) => {
            emit({ type: "import-progress", turnId, phase, done, total });
            upload.onProgress?.(phase, done, total);
          });
          finish(describeImport(report));
          resolve(report);
        } catch (error) {
          finish(`import of ${upload.name} failed: ${describeError(error)}`);
          reject(error);
        } finally {
          importer.discard(file);
        }
      },
      abandon(reason) {
        importer.discard(file);
        reject(new DaemonError("KERN_UNAVAILABLE", `the import of ${upload.name}: ${reason}`));
      },
    };
    options.enqueue({
      turnId,
      envelope: { text: `/import ${upload.name}`, interface: "cli", ts: options.ts },
      controller: new AbortController(),
      task,
    });
  });
}

/** One line: what was imported and the memory it built. */
function describeImport(report: ImportBuildReport): string {
  const levels = Object.entries(report.segments)
    .map(([level, count]) => `${level} ${count}`)
    .join(", ");
  const skipped =
    report.skippedDuplicates > 0 ? `; ${report.skippedDuplicates} already imported, skipped` : "";
  return `imported ${report.imported} messages [${report.seqStart}, ${report.seqEnd})${skipped}; memory: ${levels || "no segments"}`;
}
