// Tiny DOM builders. Text always goes in through text nodes: nothing here parses HTML, and no
// caller may set innerHTML (agent output is untrusted; the CSP forbids inline script anyway).

export type Child = Node | string | number | null | undefined | false;
export type Attributes = Record<string, string | number | boolean | null | undefined>;

const SVG_NS = "http://www.w3.org/2000/svg";
/** Attributes that could run or load code; h() and svg() refuse them. */
const FORBIDDEN = /^(on|style$|srcdoc$)/i;

function applyAttributes(element: Element, attributes: Attributes | null | undefined): void {
  if (!attributes) return;
  for (const [name, value] of Object.entries(attributes)) {
    if (value === null || value === undefined || value === false) continue;
    if (FORBIDDEN.test(name)) throw new Error(`refusing to set attribute ${name}`);
    element.setAttribute(
      name === "className" ? "class" : name,
      value === true ? "" : String(value),
    );
  }
}

function appendChildren(parent: Node, children: Array<Child | Child[]>): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === "object" ? child : document.createTextNode(String(child)));
  }
}

/** Creates an HTML element with attributes and children (strings become text nodes). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes?: Attributes | null,
  ...children: Array<Child | Child[]>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  applyAttributes(element, attributes);
  appendChildren(element, children);
  return element;
}

/** Creates an SVG element; same rules as h(). */
export function svg(
  tag: string,
  attributes?: Attributes | null,
  ...children: Array<Child | Child[]>
): SVGElement {
  const element = document.createElementNS(SVG_NS, tag);
  applyAttributes(element, attributes);
  appendChildren(element, children);
  return element as SVGElement;
}

/** A "loading…" placeholder and an error box, shared by the views. */
export function loading(label = "Loading…"): HTMLElement {
  return h("p", { class: "muted loading" }, label);
}

export function errorBox(error: unknown): HTMLElement {
  const message = error instanceof Error ? error.message : String(error);
  return h("p", { class: "error-box", role: "alert" }, message);
}
