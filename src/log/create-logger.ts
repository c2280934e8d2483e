// The one root pino logger (SG-20): JSON lines to `.kern/logs/kern.log`, secrets redacted. Others
// receive it (or a child) as a parameter; nothing here is a module singleton.
import { mkdirSync } from "node:fs";
import { dirname } from "node:path";
import { type DestinationStream, type Logger, pino } from "pino";

export type { Logger } from "pino";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** Key paths whose values never reach a log line (SG-21). */
export const REDACT_PATHS = [
  "token",
  "apiKey",
  "authorization",
  "*.token",
  "*.apiKey",
  "*.authorization",
  "*.authToken",
  "*.telegramToken",
  "headers.authorization",
  "headers.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
  "secrets",
  "*.secrets",
];

export interface CreateLoggerOptions {
  /** Log file; its folder is created. Omit to log to `destination` instead. */
  file?: string;
  destination?: DestinationStream;
  level?: LogLevel;
}

/** Creates the root logger. File output is synchronous-safe: `flushLogger` before exit. */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  const level = options.level ?? "info";
  const base = { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
  if (options.file) {
    mkdirSync(dirname(options.file), { recursive: true });
    const destination = pino.destination({ dest: options.file, mkdir: true, sync: false });
    // A failed write (a full disk) must not crash the process: the lines stay buffered and the
    // next write tries again.
    destination.on("error", () => undefined);
    return pino(base, destination);
  }
  if (options.destination) return pino(base, options.destination);
  return pino(base, pino.destination(2));
}

/** A logger that writes nothing (tests, one-shot CLI commands). */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}

/** Flushes buffered lines; call before the process exits. */
export function flushLogger(logger: Logger): void {
  logger.flush();
}
