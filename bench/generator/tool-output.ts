// The text of one tool result, sized to a target drawn from the configured range.
// Pure apart from the injected Random; linear in the output size.
import type { OutputStyle } from "./output-style.js";
import { styleForPath } from "./output-style.js";
import type { Random } from "./random.js";
import { type LineContext, type LineMaker, lineMakerFor } from "./tool-lines.js";
import type { Topic } from "./topic.js";

export interface RenderToolOutputOptions {
  style: OutputStyle;
  topic: Topic;
  random: Random;
  /** Inclusive [min, max] size in characters. */
  range: readonly [number, number];
  /** The file the call is about; used by grep and diff output. */
  path?: string;
  /** Time of the tool call, so log lines carry plausible times. */
  nowMs: number;
}

/** Log-uniform in [min, max]: most outputs are short, some are long, as in real sessions. */
function targetSize(random: Random, [min, max]: readonly [number, number]): number {
  if (max <= min) return min;
  return Math.min(max, Math.max(min, Math.round(min * (max / min) ** random.next())));
}

function makerFor(style: OutputStyle, path: string): LineMaker {
  if (style === "grep") {
    const inner = lineMakerFor(styleForPath(path));
    return (context) => `${path}:${context.random.int(1, 2400)}:${inner(context)}`;
  }
  if (style === "diff") {
    const inner = lineMakerFor(styleForPath(path));
    return (context) => `${context.random.pick(["+", "-", " ", " "])}${inner(context)}`;
  }
  return lineMakerFor(style);
}

function headerFor(
  style: OutputStyle,
  { path, size }: { path: string; size: number },
): string | undefined {
  if (style === "table")
    return `${"NAME".padEnd(28)}${"STATUS".padEnd(11)}${"AGE".padEnd(6)}DETAIL`;
  if (style === "csv") return "item,amount,category,source";
  if (style === "diff")
    return `Wrote ${size} bytes to ${path}\n--- a/${path}\n+++ b/${path}\n@@ -1,40 +1,42 @@`;
  return undefined;
}

export function renderToolOutput(options: RenderToolOutputOptions): string {
  const { style, topic, random, range } = options;
  const path = options.path ?? random.pick(topic.paths);
  const target = targetSize(random, range);
  const context: LineContext = { topic, random, path, clockMs: options.nowMs - 3_600_000 };
  const make = makerFor(style, path);
  const lines: string[] = [];
  const header = headerFor(style, { path, size: target });
  let length = -1;
  if (header !== undefined) {
    lines.push(header);
    length += header.length + 1;
  }
  while (length < target) {
    const line = make(context);
    lines.push(line);
    length += line.length + 1;
  }
  const text = lines.join("\n");
  if (text.length <= range[1]) return text;
  const cut = text.lastIndexOf("\n", range[1]);
  return cut >= range[0] ? text.slice(0, cut) : text.slice(0, range[1]);
}
