// A fetched page as readable Markdown: @mozilla/readability picks the article out of the page (as
// Firefox's reader view does) on a linkedom document (no scripts run, nothing loaded), turndown
// writes Markdown. Pages readability cannot parse fall back to the body's text. Pure: text in.
import { Readability } from "@mozilla/readability";
import { parseHTML } from "linkedom";
import TurndownService from "turndown";

export interface ReadablePage {
  title: string;
  markdown: string;
}

function createTurndown(): TurndownService {
  const turndown = new TurndownService({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
  });
  turndown.remove(["script", "style", "noscript", "iframe"]);
  return turndown;
}

/** Markdown of the page's main content. */
export function readableMarkdown(html: string, url: string): ReadablePage {
  const { document } = parseHTML(html);
  const title = document.title?.trim() ?? "";
  let article: { title?: string | null; content?: string | null } | null = null;
  try {
    // Readability mutates the document it gets and expects a DOM Document: linkedom's is one in
    // practice, not in its types.
    article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
  } catch {
    // A page readability chokes on: the plain body below still gives the agent something.
    article = null;
  }
  const turndown = createTurndown();
  if (article?.content) {
    return {
      title: article.title?.trim() || title,
      markdown: turndown.turndown(article.content).trim(),
    };
  }
  const { document: fresh } = parseHTML(html);
  const body = fresh.body?.innerHTML ?? html;
  return { title, markdown: turndown.turndown(body).trim() || `(no readable text at ${url})` };
}
