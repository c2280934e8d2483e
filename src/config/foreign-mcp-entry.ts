// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is config.json syntax here, not a template
// An `mcpServers` entry as other MCP clients write it (issue 48 item 8), turned into kern's shape
// or refused with what to change. Claude Code and Cursor write `{ "type": "stdio" | "http" |
// "sse", … }` under `mcpServers`; VS Code writes the same under `servers`, with `${env:NAME}`,
// `${input:ID}` and `envFile`; Cline and Roo add `disabled`, `autoApprove` and `timeout`
// (seconds); Windsurf says `serverUrl`, Gemini CLI `httpUrl`. Pure.

/** An entry in kern's keys, or why it cannot be one; `disabled`: the entry says not to start it. */
export type ForeignEntryResult =
  | { entry: Record<string, unknown> }
  | { error: string; disabled?: true };

/** Keys that grant approvals in other clients; kern has its own (toolScope), so they mean nothing. */
const IGNORED_KEYS = ["autoApprove", "alwaysAllow"] as const;

const HTTP_TYPES: Record<string, string> = {
  http: "auto",
  "streamable-http": "streamable-http",
  streamableHttp: "streamable-http",
  streamable_http: "streamable-http",
  sse: "sse",
};

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** VS Code's variables in every string: `${env:X}` is kern's `${X}`; the rest have no kern form. */
function rewriteStrings(value: unknown, problems: Set<string>): unknown {
  if (typeof value === "string") {
    for (const match of value.matchAll(/\$\{(input|workspaceFolder|userHome)[^}]*\}/g)) {
      problems.add(
        match[1] === "input"
          ? `${match[0]} is VS Code's prompt for a value, which kern has not: put the value in .kern/.env as NAME=… and write \${NAME}`
          : `${match[0]} is VS Code's: write the path itself (a stdio server starts in the agent folder)`,
      );
    }
    return value.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, "${$1}");
  }
  if (Array.isArray(value)) return value.map((item) => rewriteStrings(item, problems));
  if (isPlainObject(value))
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, rewriteStrings(item, problems)]),
    );
  return value;
}

/** `type` as kern's keys: stdio needs `command`; http, sse need `url` and set `transport`. */
function applyType(entry: Record<string, unknown>): string | null {
  const type = entry["type"];
  delete entry["type"];
  if (type === undefined) return null;
  if (type === "stdio")
    return "command" in entry ? null : '"type": "stdio" needs "command" (the program to start)';
  const transport = typeof type === "string" ? HTTP_TYPES[type] : undefined;
  if (transport === undefined)
    return `"type": ${JSON.stringify(type)} is not one kern knows: use "stdio" (with "command"), "http" or "sse" (with "url")`;
  if (!("url" in entry)) return `"type": "${type}" needs "url" (the server's endpoint)`;
  const stated = entry["transport"];
  if (stated !== undefined && stated !== transport && transport !== "auto")
    return `"type": "${type}" and "transport": ${JSON.stringify(stated)} disagree: keep one`;
  if (stated === undefined) entry["transport"] = transport;
  return null;
}

/** `serverUrl` (Windsurf) and `httpUrl` (Gemini CLI, streamable HTTP) are kern's `url`. */
function applyUrlAliases(entry: Record<string, unknown>): void {
  for (const alias of ["serverUrl", "httpUrl"] as const) {
    if (!(alias in entry) || "url" in entry) continue;
    entry["url"] = entry[alias];
    if (alias === "httpUrl") entry["transport"] ??= "streamable-http";
    delete entry[alias];
  }
}

/** A whole client file pasted as one entry: `"servers": { "a": {…} }` or `"inputs": […]`. */
function wrongLevel(name: string, raw: unknown): string | null {
  if (name === "inputs" && Array.isArray(raw))
    return 'VS Code\'s "inputs" have no kern form: put each value in .kern/.env and write ${NAME} where it is used';
  if (!isPlainObject(raw) || "command" in raw || "url" in raw || "type" in raw) return null;
  const values = Object.values(raw);
  const holdsServers =
    values.length > 0 &&
    values.every((value) => isPlainObject(value) && ("command" in value || "url" in value));
  return holdsServers
    ? `this entry holds servers itself (a whole mcp.json pasted in?): put ${Object.keys(raw)
        .map((key) => `"${key}"`)
        .join(", ")} directly under "mcpServers"`
    : null;
}

/** The entry in kern's keys, or the first thing to change. */
export function fromForeignEntry(name: string, raw: unknown): ForeignEntryResult {
  const level = wrongLevel(name, raw);
  if (level) return { error: level };
  if (!isPlainObject(raw))
    return { error: 'an entry is an object: { "command", … } (stdio) or { "url", … } (HTTP)' };
  const problems = new Set<string>();
  const entry = rewriteStrings(raw, problems) as Record<string, unknown>;
  if (problems.size > 0) return { error: [...problems].join("; ") };
  for (const key of IGNORED_KEYS) delete entry[key];
  if (entry["disabled"] === true)
    return { error: 'disabled in .kern/config.json ("disabled": true)', disabled: true };
  if (entry["disabled"] === false) delete entry["disabled"];
  if ("envFile" in entry)
    return {
      error:
        '"envFile" is VS Code\'s: kern reads .kern/.env; put the variables there and name them in "env" as ${NAME}',
    };
  if ("timeout" in entry)
    return {
      error:
        '"timeout" is not kern\'s: use "timeoutMs" (one tool call) or "startTimeoutMs", both in milliseconds',
    };
  applyUrlAliases(entry);
  const typeProblem = applyType(entry);
  if (typeProblem) return { error: typeProblem };
  if ("command" in entry && "url" in entry)
    return { error: 'an entry has "command" (stdio) or "url" (HTTP), not both' };
  return { entry };
}
