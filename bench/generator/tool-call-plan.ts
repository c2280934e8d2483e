// Chooses a plausible tool call (bash, read, grep, write) for a topic and the style of its result.
// Pure apart from the injected Random.
import type { OutputStyle } from "./output-style.js";
import { styleForCommand, styleForPath } from "./output-style.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";

export type ToolName = "bash" | "read" | "grep" | "write";

export interface ToolCallPlan {
  name: ToolName;
  /** JSON-encoded arguments, as the OpenAI shape carries them. */
  arguments: string;
  style: OutputStyle;
  /** The file the call is about (for grep and diff output); undefined for bash. */
  path?: string;
}

function writeContent(topic: Topic, random: Random): string {
  const lines = random.sample(topic.terms, random.int(2, 5)).map((term) => `- ${term}: reviewed`);
  return `# ${topic.name}\n\n${lines.join("\n")}\n`;
}

export function planToolCall(topic: Topic, random: Random): ToolCallPlan {
  const roll = random.next();
  if (roll < 0.45) {
    const command = random.pick(topic.commands);
    return {
      name: "bash",
      arguments: JSON.stringify({ command }),
      style: styleForCommand(command),
    };
  }
  const path = random.pick(topic.paths);
  if (roll < 0.75) {
    return { name: "read", arguments: JSON.stringify({ path }), style: styleForPath(path), path };
  }
  if (roll < 0.92) {
    const pattern = random.pick(topic.keywords);
    return { name: "grep", arguments: JSON.stringify({ pattern, path }), style: "grep", path };
  }
  const content = writeContent(topic, random);
  return { name: "write", arguments: JSON.stringify({ path, content }), style: "diff", path };
}
