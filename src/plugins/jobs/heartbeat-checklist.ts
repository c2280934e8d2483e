// Is there anything on HEARTBEAT.md to check? (SPEC §13; docs/jobs.md.) A checklist counts as
// empty when, after HTML comments are removed, every line left is blank, a Markdown heading, a
// horizontal rule, or a list marker with nothing after it (`-`, `* [ ]`). An empty checklist
// means no heartbeat turn and no model call. Pure.

const HTML_COMMENT = /<!--[\s\S]*?(-->|$)/g;
const EMPTY_LINE =
  /^\s*(#{1,6}(\s.*)?|[-*_]{3,}|[-*+]\s*(\[[ xX]?\])?|\d+[.)]\s*(\[[ xX]?\])?)?\s*$/;

/** The checklist's items: the text that is left once comments, headings and blanks are gone. */
export function checklistItems(markdown: string): string[] {
  return markdown
    .replace(HTML_COMMENT, "")
    .split(/\r?\n/)
    .filter((line) => !EMPTY_LINE.test(line))
    .map((line) => line.trim());
}

/** True when the checklist holds nothing to check. */
export function isEmptyChecklist(markdown: string): boolean {
  return checklistItems(markdown).length === 0;
}

/**
 * The heartbeat turn's text: the checklist as written (comments removed) and the rule that a
 * quiet check answers NO_REPLY, so nothing is delivered unless something needs the user.
 */
export function heartbeatPrompt(markdown: string): string {
  const checklist = markdown.replace(HTML_COMMENT, "").trim();
  return [
    "Heartbeat: go through the checklist from HEARTBEAT.md below. Use tools where an item needs them.",
    "If nothing needs the user's attention, reply with exactly NO_REPLY and nothing else;",
    "otherwise reply with a short message saying what needs attention.",
    "",
    checklist,
  ].join("\n");
}
