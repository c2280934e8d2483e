// POST /import: a conversation file streamed in the body (JSON Lines or a JSON array, sent as
// application/x-ndjson or application/octet-stream), imported through the turn queue (SPEC §3).
// The answer is NDJSON: `progress` lines while it runs, then one `done` (the report) or `error`.
import type { Readable } from "node:stream";
import { PassThrough } from "node:stream";
import { describeError, type ImportPhase, isKernError } from "../../../kernel/index.js";
import { doctorReportSchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { toErrorReply, WebError } from "../web-errors.js";
import { nameFromHeader } from "./name-header.js";

/** Content types whose body the import route reads itself, as a stream. */
export const IMPORT_CONTENT_TYPES = ["application/x-ndjson", "application/octet-stream"];

/** Progress lines at most this often (the last of each phase always goes out). */
const PROGRESS_EVERY_MS = 200;

export function registerImportRoutes(app: WebApp, context: WebContext): void {
  app.post("/import", async (request, reply) => {
    const body = request.body as Readable | undefined;
    if (!body || typeof body.pipe !== "function") {
      throw new WebError(
        "KERN_UNSUPPORTED_MEDIA_TYPE",
        "send the conversation file as the body with 'Content-Type: application/x-ndjson' (kern import FILE DIR does)",
      );
    }
    const name = nameFromHeader(request.headers["x-kern-import-name"]) || "upload";
    const out = new PassThrough();
    const write = (line: unknown) => out.write(`${JSON.stringify(line)}\n`);
    let last = 0;
    const onProgress = (phase: ImportPhase, done: number, total: number) => {
      const now = Date.now();
      if (done < total && now - last < PROGRESS_EVERY_MS) return;
      last = now;
      write({ type: "progress", phase, done, total });
    };
    request.log.info({ name }, "import received");
    context.runtime
      .importConversation({ source: body, name, onProgress })
      .then((report) => write({ type: "done", report }))
      .catch((error: unknown) => {
        if (!isKernError(error))
          request.log.error({ error: describeError(error) }, "import failed");
        write({ type: "error", ...toErrorReply(error).body });
      })
      .finally(() => out.end());
    return reply.type("application/x-ndjson").send(out);
  });

  const doctor = { schema: { response: { 200: doctorReportSchema } } };
  app.get("/doctor", doctor, async () => context.runtime.doctor({ fix: false }));
  app.post("/doctor/fix", doctor, async (request) => {
    request.log.info("doctor --fix requested");
    return context.runtime.doctor({ fix: true });
  });
}
