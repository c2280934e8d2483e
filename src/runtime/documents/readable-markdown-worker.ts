// The worker that makes a fetched page readable (run by ParseWorkers; readable-markdown.ts calls
// it). First a skim in one linear pass (indexOf, sticky regexes: no backtracking, whatever the
// input): the page's plain text (tags stripped, script and style dropped, entities decoded), its
// element count and its nesting depth, estimated as an HTML parser would nest it (implied end
// tags, void elements, a stray end tag looked for among the newest 64 open ones). The plain text
// is posted at once, so a time or memory limit later still leaves the agent the page's words.
// Within the budget (`maxElements`, `maxDepth`) linkedom, @mozilla/readability and turndown make
// Markdown of it; past it they are not run: linkedom and htmlparser2 nest in quadratic time (a
// 200,000-deep page took over 15 minutes) and Readability and turndown recurse per element.
//
// Messages: { type: "plain", title, text, elements, depth } | { type: "markdown", title, markdown }
//   | { type: "end" } | { type: "error", message }.
export const READABLE_MARKDOWN_WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { html, url, maxElements, maxDepth, modules } = workerData;

const VOID = new Set("area base br col embed hr img input link meta param source track wbr keygen".split(" "));
const RAW = new Set("script style noscript template textarea title iframe noembed noframes xmp".split(" "));
const CLOSES_P = new Set("address article aside blockquote details dialog div dl fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hgroup hr main menu nav ol p pre section table ul".split(" "));
const BLOCK = new Set([...CLOSES_P, "br", "li", "dd", "dt", "tr", "td", "th", "caption", "tbody", "thead", "tfoot", "summary"]);
const CELLS = ["tbody", "thead", "tfoot", "tr", "td", "th"];
const IMPLIED = {
  li: ["li"], dt: ["dt", "dd"], dd: ["dt", "dd"], tr: ["tr", "td", "th"], td: ["td", "th"],
  th: ["td", "th"], option: ["option"], optgroup: ["optgroup", "option"], tbody: CELLS,
  thead: CELLS, tfoot: CELLS, rt: ["rt", "rp"], rp: ["rt", "rp"],
};
const TAG_AT = /<(\\/?)([a-zA-Z][a-zA-Z0-9:-]*)/y;
const ENTITIES = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };
const closers = new Map();

function closer(name) {
  if (!closers.has(name)) closers.set(name, new RegExp("</" + name, "gi"));
  return closers.get(name);
}

function decode(text) {
  return text.replace(/&(#[xX][0-9a-fA-F]{1,6}|#[0-9]{1,7}|[a-zA-Z]{2,8});/g, (whole, name) => {
    if (name[0] !== "#") return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === "x" || name[1] === "X" ? parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code < 0x110000 ? String.fromCodePoint(code) : whole;
  });
}

function skim() {
  const parts = [];
  const stack = [];
  let elements = 0;
  let depth = 0;
  let foreign = 0;
  let title = "";
  const pop = () => {
    const name = stack.pop();
    if (name === "svg" || name === "math") foreign -= 1;
  };
  const open = (name) => {
    const ends = IMPLIED[name];
    while (ends && stack.length > 0 && ends.includes(stack[stack.length - 1])) pop();
    if (CLOSES_P.has(name) && stack[stack.length - 1] === "p") pop();
    stack.push(name);
    if (name === "svg" || name === "math") foreign += 1;
    if (stack.length > depth) depth = stack.length;
  };
  const close = (name) => {
    for (let index = stack.length - 1; index >= Math.max(0, stack.length - 64); index -= 1) {
      if (stack[index] !== name) continue;
      while (stack.length > index) pop();
      return;
    }
  };
  let at = 0;
  while (at < html.length) {
    const lt = html.indexOf("<", at);
    if (lt === -1) { parts.push(html.slice(at)); break; }
    if (lt > at) parts.push(html.slice(at, lt));
    if (html.startsWith("<!--", lt)) {
      const end = html.indexOf("-->", lt + 4);
      at = end === -1 ? html.length : end + 3;
      continue;
    }
    if (html[lt + 1] === "!" || html[lt + 1] === "?") {
      const end = html.indexOf(">", lt);
      at = end === -1 ? html.length : end + 1;
      continue;
    }
    TAG_AT.lastIndex = lt;
    const tag = TAG_AT.exec(html);
    if (!tag) { parts.push("<"); at = lt + 1; continue; }
    const gt = html.indexOf(">", lt + tag[0].length);
    if (gt === -1) break; // an unfinished tag: the page ends there
    const name = tag[2].toLowerCase();
    at = gt + 1;
    if (BLOCK.has(name)) parts.push("\\n");
    if (tag[1]) { close(name); continue; }
    elements += 1;
    if (RAW.has(name)) {
      const end = closer(name);
      end.lastIndex = at;
      const found = end.exec(html);
      const stop = found ? found.index : html.length;
      if (name === "title" && !title) title = decode(html.slice(at, Math.min(stop, at + 1000))).trim();
      const after = found ? html.indexOf(">", stop) : -1;
      at = after === -1 ? html.length : after + 1;
      continue;
    }
    if (VOID.has(name) || (foreign > 0 && html[gt - 1] === "/")) continue;
    open(name);
  }
  const text = decode(parts.join(""))
    .split("\\n")
    .map((line) => line.replace(/\\s+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\\n");
  return { title, text, elements, depth };
}

function markdown() {
  const { parseHTML } = require(modules.linkedom);
  const { Readability } = require(modules.readability);
  const TurndownService = require(modules.turndown);
  const turndown = new TurndownService({ headingStyle: "atx", codeBlockStyle: "fenced", bulletListMarker: "-" });
  turndown.remove(["script", "style", "noscript", "iframe"]);
  const { document } = parseHTML(html);
  const title = (document.title || "").trim();
  let article = null;
  try {
    article = new Readability(document, { charThreshold: 100 }).parse();
  } catch {
    article = null; // a page Readability chokes on: the plain body below
  }
  if (article && article.content) {
    return { title: (article.title || "").trim() || title, markdown: turndown.turndown(article.content).trim() };
  }
  const fresh = parseHTML(html).document;
  const body = (fresh.body && fresh.body.innerHTML) || html;
  return { title, markdown: turndown.turndown(body).trim() || "(no readable text at " + url + ")" };
}

async function main() {
  const plain = skim();
  parentPort.postMessage({ type: "plain", ...plain });
  if (plain.elements > maxElements || plain.depth > maxDepth) return;
  parentPort.postMessage({ type: "markdown", ...markdown() });
}

main().then(
  () => parentPort.postMessage({ type: "end" }),
  (error) => parentPort.postMessage({ type: "error", message: String((error && error.message) || error) }),
);
`;
