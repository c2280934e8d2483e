// The web tools (SPEC §15): webfetch (a page as readable Markdown, through guardedFetch's address
// checks), websearch (a SearXNG instance's JSON API) and pdf (pages of a PDF in the agent folder
// or one that came in as a message). Failures are KernErrors the tool loop turns into results.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import {
  type DocumentText,
  defineTool,
  extractPdfPages,
  isToolInScope,
  ParseWorkers,
  parsePageRange,
  readableMarkdown,
  resolveAgentPath,
  type Tool,
  type ToolSource,
} from "../../runtime/index.js";
import type { MediaStore } from "../../store/index.js";
import { guardedFetch, type ResolveAddresses } from "./guarded-fetch.js";

export interface WebToolsOptions {
  allowPrivateNetworks: boolean;
  /** SEARXNG_URL; null = websearch explains how to set one up. */
  searxngUrl: string | null;
  media: MediaStore;
  /** Where pages and PDFs are parsed (shared with media intake); a pool of its own by default. */
  workers?: ParseWorkers;
  /** Tests: DNS answers and which addresses count as private. */
  resolve?: ResolveAddresses;
  blockedReason?: (address: string) => string | null;
  /** Defaults: 5 MB and 20 s, a large article page with room to spare. */
  maxBytes?: number;
  timeoutMs?: number;
}

/** Markdown longer than this is cut (the prompt shortens tool results further). */
const MAX_MARKDOWN_CHARS = 60_000;

function cut(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, limit)}\n\n(… cut at ${limit} characters)`;
}

/** The pages' text under `## page N of M` headings, and why it stops early if it does. */
function pagesText(pdf: DocumentText): string {
  const count = pdf.pageCount ?? pdf.pages.length;
  const text = pdf.pages.map((page) => `## page ${page.number} of ${count}\n${page.text}`);
  if (pdf.cut) text.push(`(the text stops here: ${pdf.cut}; ask for later pages with pages)`);
  return text.join("\n\n");
}

/** What webfetch returns for `url`: a heading with the title and URL, then the Markdown. */
export async function fetchReadable(
  url: string,
  options: WebToolsOptions,
  signal: AbortSignal,
): Promise<string> {
  const workers = options.workers ?? new ParseWorkers();
  const page = await guardedFetch(url, {
    allowPrivateNetworks: options.allowPrivateNetworks,
    maxBytes: options.maxBytes ?? 5 * 1024 * 1024,
    timeoutMs: options.timeoutMs ?? 20_000,
    signal,
    ...(options.resolve ? { resolve: options.resolve } : {}),
    ...(options.blockedReason ? { blockedReason: options.blockedReason } : {}),
  });
  if (page.status >= 400) {
    throw new KernError("KERN_WEB_FAILED", `${page.url} answered HTTP ${page.status}`);
  }
  const note = page.truncated ? "\n\n(the page was cut at the size limit)" : "";
  if (page.contentType.includes("application/pdf")) {
    const pdf = await extractPdfPages(page.body, {
      workers,
      maxChars: MAX_MARKDOWN_CHARS,
      signal,
    });
    return cut(`# ${page.url}\n\n${pagesText(pdf)}${note}`, MAX_MARKDOWN_CHARS);
  }
  const text = page.body.toString("utf8");
  if (!page.contentType.includes("html")) {
    return cut(`# ${page.url}\n\n${text}${note}`, MAX_MARKDOWN_CHARS);
  }
  const readable = await readableMarkdown(text, page.url, { workers, signal });
  const heading = readable.title ? `# ${readable.title}\n${page.url}` : `# ${page.url}`;
  return cut(`${heading}\n\n${readable.markdown}${note}`, MAX_MARKDOWN_CHARS);
}

function webfetchTool(options: WebToolsOptions): Tool {
  return defineTool({
    name: "webfetch",
    description:
      "Fetch a web page (http/https) and return its readable text as Markdown. Public addresses only.",
    scope: "read",
    parameters: z.object({ url: z.string().min(1).describe("the full http(s) URL") }),
    run: (args, context) => fetchReadable(args.url, options, context.signal),
  });
}

const searxngSchema = z.object({
  results: z.array(
    z.looseObject({
      title: z.string().optional(),
      url: z.string(),
      content: z.string().optional(),
    }),
  ),
});

const NO_SEARXNG_TEXT =
  "websearch needs a SearXNG instance: run one (e.g. `docker run -d -p 8888:8080 searxng/searxng`, then enable the json format under `search: formats:` in its settings.yml), put SEARXNG_URL=http://127.0.0.1:8888 in .kern/.env and restart kern.";

function websearchTool(options: WebToolsOptions): Tool {
  return defineTool({
    name: "websearch",
    description:
      "Search the web (SearXNG); returns titles, URLs and snippets. Use webfetch to read one.",
    scope: "read",
    parameters: z.object({ query: z.string().min(1) }),
    async run(args, context) {
      if (!options.searxngUrl) throw new KernError("KERN_TOOL_FAILED", NO_SEARXNG_TEXT);
      const url = new URL(
        "search",
        options.searxngUrl.endsWith("/") ? options.searxngUrl : `${options.searxngUrl}/`,
      );
      url.searchParams.set("q", args.query);
      url.searchParams.set("format", "json");
      const signal = AbortSignal.any([context.signal, AbortSignal.timeout(20_000)]);
      const response = await fetch(url, { signal }).catch((error: unknown) => {
        throw new KernError(
          "KERN_WEB_FAILED",
          `SearXNG at ${url.origin} is not reachable (${String(error)}); check SEARXNG_URL`,
        );
      });
      if (!response.ok) {
        throw new KernError(
          "KERN_WEB_FAILED",
          `SearXNG answered HTTP ${response.status}; is the json format enabled in its settings.yml?`,
        );
      }
      const parsed = searxngSchema.safeParse(await response.json().catch(() => undefined));
      if (!parsed.success)
        throw new KernError(
          "KERN_WEB_FAILED",
          "SearXNG did not answer JSON results; enable the json format in its settings.yml",
        );
      const results = parsed.data.results.slice(0, 8);
      if (results.length === 0) return `no results for "${args.query}"`;
      return results
        .map(
          (result, index) =>
            `${index + 1}. ${result.title ?? result.url}\n   ${result.url}\n   ${(result.content ?? "").slice(0, 300)}`,
        )
        .join("\n");
    },
  });
}

function pdfTool(options: WebToolsOptions & { workers: ParseWorkers }): Tool {
  return defineTool({
    name: "pdf",
    description:
      'Read the text of a PDF: a file in the agent folder, or one sent in a message (.kern/media/<id>.pdf). Optional pages, e.g. "1-3,7".',
    scope: "read",
    parameters: z.object({
      path: z.string().min(1).describe("path relative to the agent folder"),
      pages: z.string().optional().describe('1-based pages, e.g. "2-4"; default all'),
    }),
    async run(args, context) {
      const normalized = args.path.replace(/^\.\//, "");
      const path = normalized.startsWith(".kern/media/")
        ? options.media.absolute(normalized)
        : await resolveAgentPath(context.agentDir, args.path);
      const pages = args.pages ? parsePageRange(args.pages) : undefined;
      const pdf = await extractPdfPages(await readFile(path), {
        workers: options.workers,
        maxChars: MAX_MARKDOWN_CHARS,
        signal: context.signal,
        ...(pages ? { pages } : {}),
      });
      const text = pdfTextOrNone(pdf);
      return cut(text, MAX_MARKDOWN_CHARS);
    },
  });
}

function pdfTextOrNone(pdf: DocumentText): string {
  if (pdf.pages.length > 0) return pagesText(pdf);
  return `(no pages in range; the PDF has ${pdf.pageCount ?? 0})`;
}

/** webfetch, websearch and pdf. */
function createWebTools(options: WebToolsOptions): Tool[] {
  const withWorkers = { ...options, workers: options.workers ?? new ParseWorkers() };
  return [webfetchTool(withWorkers), websearchTool(options), pdfTool(withWorkers)];
}

/** The "web" tool source: its tools in the turn's scope (all three are read-scoped). */
export function createWebToolSource(options: WebToolsOptions): ToolSource {
  const tools = createWebTools(options);
  return {
    id: "web",
    tools: (request) => tools.filter((tool) => isToolInScope(tool, request.scope)),
  };
}
