// Formats one pino JSON line for people: `12:04:05 INFO  [turn] turn end ms=812 stopReason=end`.
import { z } from "zod";
import { parseJsonOrUndefined } from "../kernel/index.js";

const recordSchema = z.record(z.string(), z.unknown());

export const LEVELS: Record<string, number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};
const NAMES: Record<number, string> = {
  10: "TRACE",
  20: "DEBUG",
  30: "INFO",
  40: "WARN",
  50: "ERROR",
  60: "FATAL",
};
const HIDDEN = new Set(["level", "time", "pid", "hostname", "msg", "component", "v"]);

/** The readable line, or null when below `minimumLevel` (non-JSON lines pass through). */
export function formatLogLine(line: string, minimumLevel: number): string | null {
  const parsed = recordSchema.safeParse(parseJsonOrUndefined(line));
  if (!parsed.success) return line;
  const record = parsed.data;
  const level = typeof record["level"] === "number" ? record["level"] : 30;
  if (level < minimumLevel) return null;
  const time =
    typeof record["time"] === "number" ? new Date(record["time"]).toISOString().slice(11, 19) : "";
  const component = typeof record["component"] === "string" ? ` [${record["component"]}]` : "";
  const fields = Object.entries(record)
    .filter(([key]) => !HIDDEN.has(key))
    .map(([key, value]) => `${key}=${typeof value === "string" ? value : JSON.stringify(value)}`)
    .join(" ");
  return `${time} ${(NAMES[level] ?? String(level)).padEnd(5)}${component} ${String(record["msg"] ?? "")}${fields ? ` ${fields}` : ""}`;
}
