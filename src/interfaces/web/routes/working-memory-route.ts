// GET /memory/working: the current session's working memory (SPEC §4) for the web Memory view —
// session, updatedAt, method, seqEnd, the markdown `content` and its parsed `state`.
import { workingMemorySchema } from "../../../protocol/index.js";
import type { WebApp, WebContext } from "../web-app.js";
import { WebError } from "../web-errors.js";

export function registerWorkingMemoryRoute(app: WebApp, context: WebContext): void {
  app.get("/memory/working", { schema: { response: { 200: workingMemorySchema } } }, async () => {
    const view = await context.runtime.workingMemory();
    if (!view)
      throw new WebError(
        "KERN_NOT_FOUND",
        "no working memory yet: it is written after the first turn (when workingMemory is true in .kern/config.json)",
      );
    return view;
  });
}
