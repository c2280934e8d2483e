// Files an exchange created or changed: `write` and `edit` tool calls, and bash commands that
// obviously write a file (redirection, tee, touch, cp/mv targets, sed -i). Calls whose result is
// an error are left out. Pure: no I/O.
import { z } from "zod";
import type { SessionMessage, ToolCall } from "../../kernel/index.js";
import { cleanLine, cleanPath, type FileChange } from "./working-memory-state.js";

const writeArguments = z.object({ path: z.string().min(1), content: z.string() });
const editArguments = z.object({ path: z.string().min(1) });
const bashArguments = z.object({ command: z.string().min(1) });

function parseArguments(call: ToolCall): unknown {
  try {
    return JSON.parse(call.function.arguments);
  } catch {
    return null; // a malformed call wrote nothing (the tool refused it too)
  }
}

/** Quoted strings blanked out, except a redirection's quoted target. */
function withoutQuotedText(command: string): string {
  return command.replace(/(>\s*)?("[^"]*"|'[^']*')/g, (whole, redirect: string | undefined) =>
    redirect ? whole : '""',
  );
}

function unquote(word: string): string {
  return word.replace(/^["']|["']$/g, "");
}

const TARGET = String.raw`("[^"]+"|'[^']+'|[^\s;&|<>'"]+)`;
const BASH_TARGETS = [
  new RegExp(String.raw`(?:^|[^0-9&<>])>>?\s*${TARGET}`, "g"),
  new RegExp(String.raw`\btee\s+(?:-a\s+)?${TARGET}`, "g"),
  new RegExp(String.raw`\b(?:cp|mv)\s+(?:-\w+\s+)*\S+\s+${TARGET}`, "g"),
  new RegExp(String.raw`\bsed\s+-i\S*\s+(?:""|\S+)\s+${TARGET}`, "g"),
];

/** Paths a bash command obviously writes; variables, globs and devices are skipped. */
export function pathsWrittenByBash(command: string): string[] {
  // A heredoc's body is data, not shell: only its first line can redirect.
  const shell = withoutQuotedText(
    command.includes("<<") ? (command.split("\n")[0] ?? "") : command,
  );
  const paths: string[] = [];
  for (const pattern of BASH_TARGETS) {
    for (const match of shell.matchAll(pattern)) paths.push(unquote(match[1] ?? ""));
  }
  for (const match of shell.matchAll(/\btouch\s+([^;&|]+)/g)) {
    paths.push(...(match[1] ?? "").split(/\s+/).filter((word) => !word.startsWith("-")));
  }
  return [...new Set(paths)].filter(
    (path) => path.length > 0 && !/[$*?]/.test(path) && !path.startsWith("/dev/") && path !== "-",
  );
}

function changesOf(call: ToolCall): FileChange[] {
  const args = parseArguments(call);
  switch (call.function.name) {
    case "write": {
      const parsed = writeArguments.safeParse(args);
      if (!parsed.success) return [];
      const lines = parsed.data.content.split("\n").length;
      return [{ path: parsed.data.path, tool: "write", detail: `${lines} lines` }];
    }
    case "edit": {
      const parsed = editArguments.safeParse(args);
      return parsed.success ? [{ path: parsed.data.path, tool: "edit", detail: "" }] : [];
    }
    case "bash": {
      const parsed = bashArguments.safeParse(args);
      if (!parsed.success) return [];
      const detail = `\`${cleanLine(parsed.data.command.split("\n")[0] ?? "", 60).replace(/`/g, "'")}\``;
      return pathsWrittenByBash(parsed.data.command).map((path) => ({
        path,
        tool: "bash",
        detail,
      }));
    }
    default:
      return [];
  }
}

/** Every file change of the exchange's successful write, edit and bash calls, in call order. */
export function filesWrittenBy(messages: readonly SessionMessage[]): FileChange[] {
  const failed = new Set(
    messages
      .filter((message) => message.role === "tool" && /^error\b/i.test(message.content ?? ""))
      .map((message) => message.toolCallId),
  );
  return messages
    .flatMap((message) => message.toolCalls ?? [])
    .filter((call) => !failed.has(call.id))
    .flatMap(changesOf)
    .map((change) => ({ ...change, path: cleanPath(change.path) }))
    .filter((change) => change.path.length > 0);
}
