// One line of tool output per call, in a given style, built from the topic's vocabulary.
// Written as plain string building (no templates): 100k-message runs make millions of lines.

import { fillTemplate } from "./fill-template.js";
import type { FileStyle } from "./output-style.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";
import { createTopicSlots } from "./topic-slots.js";

export interface LineContext {
  topic: Topic;
  random: Random;
  path: string;
  /** Milliseconds of the current log line; advanced as lines are made. */
  clockMs: number;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const LEVELS = ["INFO", "INFO", "INFO", "WARN", "ERROR", "DEBUG"];
const STATUSES = ["Running", "Ready", "Pending", "Degraded", "Stopped", "Synced"];
const HEX = "0123456789abcdef";

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Syslog-style time ("Mar 14 10:22:01"): never an ISO date, so planted dates stay unique. */
function syslogTime(ms: number): string {
  const date = new Date(ms);
  const clock = `${two(date.getUTCHours())}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())}`;
  return `${MONTHS[date.getUTCMonth()]} ${two(date.getUTCDate())} ${clock}`;
}

function logMessage({ topic, random }: LineContext): string {
  const roll = random.int(0, 7);
  if (roll === 0) return random.pick(topic.problems);
  if (roll === 1) return `${random.pick(topic.terms)} ok in ${random.int(1, 900)} ms`;
  if (roll === 2) return `processing ${random.pick(topic.keywords)} batch ${random.int(1, 9999)}`;
  if (roll === 3) return `connection from 10.${random.int(0, 40)}.${random.int(0, 255)}.7 accepted`;
  if (roll === 4) return `${random.pick(topic.terms)} updated by ${random.pick(topic.people)}`;
  if (roll === 5) return `retrying ${random.pick(topic.entities)} (attempt ${random.int(1, 5)}/5)`;
  const id = random.chars(HEX, 8);
  return `request id=${id} status=${random.pick(["200", "200", "304", "429", "500", "502"])} duration=${random.int(2, 4000)}ms`;
}

function logLine(context: LineContext): string {
  context.clockMs += context.random.int(0, 9000);
  const { topic, random } = context;
  const process = random.pick(topic.keywords).toLowerCase();
  const prefix = `${syslogTime(context.clockMs)} ${random.pick(topic.entities)} ${process}[${random.int(100, 32000)}]:`;
  return `${prefix} ${random.pick(LEVELS)} ${logMessage(context)}`;
}

function tableLine({ topic, random }: LineContext): string {
  const name = `${random.pick(topic.entities)}-${random.chars("abcdefghjkmnpqrstvwxz2345678", 5)}`;
  const status = random.pick(STATUSES);
  const age = `${random.int(1, 90)}${random.pick(["m", "h", "d"])}`;
  return `${name.padEnd(28)}${status.padEnd(11)}${age.padEnd(6)}${random.pick(topic.terms)}`;
}

function snakeCase(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");
}

function configLine({ topic, random, path }: LineContext): string {
  const key = snakeCase(random.pick(topic.terms));
  const value = random.chance(0.5) ? String(random.int(1, 65536)) : random.pick(topic.entities);
  if (random.chance(0.12)) return `# ${random.pick(topic.actions)} (${random.pick(topic.people)})`;
  if (/\.ya?ml$/.test(path)) return `${random.chance(0.5) ? "  " : ""}${key}: ${value}`;
  if (path.endsWith(".json")) return `  "${key}": "${value}",`;
  return `${key} = ${value}`;
}

function csvLine({ topic, random }: LineContext): string {
  const amount = `${random.int(1, 2400)}.${two(random.int(0, 99))}`;
  return `${random.pick(topic.terms)},${amount},${random.pick(topic.keywords)},${random.pick(topic.entities)}`;
}

/** Line shapes per language; `{a}`, `{b}` are identifiers, `{n}` a number, `{p}` a problem. */
const CODE_LINES: Record<string, readonly string[]> = {
  rust: [
    "fn {a}({b}: &Config) -> Result<()> {",
    "    let {a} = {b}.load({n}).await?;",
    '    if {a}.is_empty() { return Err("{p}".into()); }',
    "}",
  ],
  python: [
    "def {a}({b}, retries={n}):",
    "    {a} = {b}.fetch(timeout={n})",
    '    raise RuntimeError("{p}")',
    "    return {a}",
  ],
  script: [
    "export async function {a}({b}: Options): Promise<void> {",
    "  const {a} = await {b}.load({n});",
    '  if (!{a}) throw new Error("{p}");',
    "}",
  ],
  go: [
    "func {a}(ctx context.Context, {b} *Config) error {",
    "\t{a}, err := {b}.Load(ctx, {n})",
    '\tif err != nil { return fmt.Errorf("{p}: %w", err) }',
    "}",
  ],
  shell: ["RUN {b} --{a}={n}", "ENV {a}={n}", 'echo "{p}" >&2', "set -euo pipefail"],
  graphql: ["type {a} {", "  {b}: Int # max {n}", '  """{p}"""', "}"],
  sql: [
    "SELECT {a}, count(*) FROM {b} GROUP BY {a};",
    "UPDATE {b} SET {a} = {n} WHERE {a} IS NULL;",
    "-- {p}",
    "CREATE INDEX {a}_idx ON {b} ({a});",
  ],
};

const COMMENT_PREFIX: Record<string, string> = { python: "#", shell: "#", graphql: "#", sql: "--" };

function languageOf(path: string): string {
  if (path.endsWith(".rs")) return "rust";
  if (path.endsWith(".py") || path.endsWith("Fastfile")) return "python";
  if (path.endsWith(".go")) return "go";
  if (path.endsWith(".sql")) return "sql";
  if (path.endsWith(".sh") || path.endsWith("Dockerfile")) return "shell";
  if (path.endsWith(".graphql")) return "graphql";
  return "script";
}

function codeLine({ topic, random, path }: LineContext): string {
  const language = languageOf(path);
  if (random.chance(0.12))
    return `${COMMENT_PREFIX[language] ?? "//"} ${random.pick(topic.actions)}`;
  const shapes = CODE_LINES[language] ?? [];
  const fields: Record<string, string> = {
    a: snakeCase(random.pick(topic.terms)),
    b: snakeCase(random.pick(topic.keywords)),
    n: String(random.int(1, 500)),
    p: random.pick(topic.problems).replace(/"/g, "'"),
  };
  return random.pick(shapes).replace(/\{([abnp])\}/g, (_match, name: string) => fields[name] ?? "");
}

const MARKDOWN_LINES = [
  'The {term} on {entity} matters because of "{problem}"; we should {action}.',
  "{person} suggested we {action} before the {term} gets worse.",
  "Open question: does {entity} need the {term}, or is the {term2} enough?",
  "Status: the {term} is done, the {term2} is pending ({person}).",
  "Next: {action}. Owner: {person}.",
  'Note from {person}: "{problem}".',
  "We compared {entity} and {entity2}; the {term} was the deciding factor.",
  "See {path} for the details of the {term}.",
];

function markdownLine({ topic, random }: LineContext): string {
  if (random.chance(0.12)) return `## ${random.pick(topic.terms)}`;
  if (random.chance(0.25)) return `- ${random.pick(topic.actions)} (${random.pick(topic.people)})`;
  return fillTemplate(random.pick(MARKDOWN_LINES), createTopicSlots(topic, random));
}

export type LineMaker = (context: LineContext) => string;

const MAKERS: Record<FileStyle, LineMaker> = {
  log: logLine,
  table: tableLine,
  config: configLine,
  markdown: markdownLine,
  csv: csvLine,
  code: codeLine,
};

export function lineMakerFor(style: FileStyle): LineMaker {
  return MAKERS[style];
}
