// A fetched page as readable Markdown, made in a worker with budgets (issue 49 item 3; the worker
// in readable-markdown-worker.ts, the budgets in media/parse-workers.ts): @mozilla/readability
// picks the article out of the page (as Firefox's reader view does) on a linkedom document (no
// scripts run, nothing loaded), turndown writes Markdown. A page past the DOM budget, or one
// whose Markdown takes too long or too much memory, comes as its plain text, saying why.
import { createRequire } from "node:module";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import type { ParseEnd, ParseWorkers } from "./parse-workers.js";
import { READABLE_MARKDOWN_WORKER_SOURCE } from "./readable-markdown-worker.js";

export interface ReadablePage {
  title: string;
  markdown: string;
}

/**
 * The DOM budget: Blink's HTML parser nests at most 512 deep (kMaximumHTMLParserDOMTreeDepth),
 * so no page a browser shows needs more; 50,000 elements (a long Wikipedia article has ~30,000)
 * take Readability and turndown ~4 s on a busy 2-core machine. 20 s (the fetch's own limit) and a
 * 192 MB heap leave room; a 2 MB table of 200,000 cells took 19 s and 760 MB on the main loop.
 */
const MAX_DEPTH = 512;
const MAX_ELEMENTS = 50_000;
const BUDGET = { timeMs: 20_000, heapMb: 192 };

/** Where the worker loads its libraries from (paths: the eval'd worker has no module of its own). */
function modulePaths(): Record<"linkedom" | "readability" | "turndown", string> {
  const require = createRequire(import.meta.url);
  return {
    linkedom: require.resolve("linkedom"),
    readability: require.resolve("@mozilla/readability"),
    turndown: require.resolve("turndown"),
  };
}

const messageSchema = z.discriminatedUnion("type", [
  z.object({
    type: z.literal("plain"),
    title: z.string(),
    text: z.string(),
    elements: z.number(),
    depth: z.number(),
  }),
  z.object({ type: z.literal("markdown"), title: z.string(), markdown: z.string() }),
]);
type PlainMessage = Extract<z.infer<typeof messageSchema>, { type: "plain" }>;

function plainNote(plain: PlainMessage, end: ParseEnd): string {
  if (plain.elements > MAX_ELEMENTS || plain.depth > MAX_DEPTH) {
    return `the page has ${plain.elements} elements nested ${plain.depth} deep; kern makes Markdown of pages up to ${MAX_ELEMENTS} elements and ${MAX_DEPTH} levels`;
  }
  if (end.kind === "limit") {
    return end.limit === "time"
      ? `making Markdown of it took over ${BUDGET.timeMs / 1000} s`
      : `making Markdown of it needed more than kern's ${BUDGET.heapMb} MB for a parse`;
  }
  return `making Markdown of it failed (${end.kind === "failed" ? end.message : end.kind})`;
}

export interface ReadableMarkdownOptions {
  workers: ParseWorkers;
  signal: AbortSignal;
}

/**
 * Markdown of the page's main content, or its plain text saying why. Throws KERN_PARSE_LIMIT
 * when not even the plain text was read in time, KERN_TOOL_FAILED when cancelled.
 */
export async function readableMarkdown(
  html: string,
  url: string,
  options: ReadableMarkdownOptions,
): Promise<ReadablePage> {
  const seen: { plain: PlainMessage | null; readable: ReadablePage | null } = {
    plain: null,
    readable: null,
  };
  const end = await options.workers.run({
    source: READABLE_MARKDOWN_WORKER_SOURCE,
    workerData: {
      html,
      url,
      maxElements: MAX_ELEMENTS,
      maxDepth: MAX_DEPTH,
      modules: modulePaths(),
    },
    budget: BUDGET,
    signal: options.signal,
    onMessage: (message) => {
      const parsed = messageSchema.safeParse(message);
      if (!parsed.success) return;
      if (parsed.data.type === "plain") seen.plain = parsed.data;
      else seen.readable = { title: parsed.data.title, markdown: parsed.data.markdown };
    },
  });
  if (end.kind === "cancelled") throw new KernError("KERN_TOOL_FAILED", "webfetch cancelled");
  if (seen.readable) return seen.readable;
  const skimmed = seen.plain;
  if (!skimmed) {
    throw new KernError("KERN_PARSE_LIMIT", `${url} was not read: ${plainNote(EMPTY, end)}`);
  }
  const text = skimmed.text || `(no readable text at ${url})`;
  return { title: skimmed.title, markdown: `(plain text: ${plainNote(skimmed, end)})\n\n${text}` };
}

const EMPTY: PlainMessage = { type: "plain", title: "", text: "", elements: 0, depth: 0 };
