// Which kind of text a tool result holds, decided from the file extension or the command.
// Pure: no I/O.

/** Styles of whole files or command outputs. */
export type FileStyle = "log" | "table" | "config" | "markdown" | "csv" | "code";

/** A file style, or grep hits (`path:line:text`), or a write's diff. */
export type OutputStyle = FileStyle | "grep" | "diff";

const CODE_EXTENSIONS = /\.(rs|ts|tsx|js|py|go|sql|sh|graphql)$|Dockerfile$|Fastfile$/;
const LOG_COMMAND = /journalctl|tail|logs|\.log\b|slowlog|status/;

export function styleForPath(path: string): FileStyle {
  if (path.endsWith(".log") || path.includes("/log/")) return "log";
  if (path.endsWith(".csv")) return "csv";
  if (path.endsWith(".md") || path.endsWith(".txt")) return "markdown";
  if (CODE_EXTENSIONS.test(path)) return "code";
  // Extension-less files (sshd_config, logrotate.d/app) are configuration too.
  return "config";
}

export function styleForCommand(command: string): FileStyle {
  const catTarget = /^cat (\S+)/.exec(command);
  if (catTarget?.[1] !== undefined) return styleForPath(catTarget[1]);
  if (LOG_COMMAND.test(command)) return "log";
  return "table";
}
