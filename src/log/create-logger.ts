// The one root pino logger (SG-20): JSON lines to `.kern/logs/kern.log` (rotated), secrets redacted. Others
// receive it (or a child) as a parameter; nothing here is a module singleton.
import { type DestinationStream, type Logger, pino } from "pino";
import { type LogRotation, openRollingFile } from "./rolling-file.js";

export type { Logger } from "pino";

export type LogLevel = "fatal" | "error" | "warn" | "info" | "debug" | "trace" | "silent";

/** Key paths whose values never reach a log line (SG-21). */
const REDACT_PATHS = [
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
  /** Where lines go; stderr when omitted. */
  destination?: DestinationStream;
  level?: LogLevel;
}

function loggerOptions(level: LogLevel = "info") {
  return { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" } };
}

/** Creates a root logger on a stream (tests, one-shot commands). */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  return pino(loggerOptions(options.level), options.destination ?? pino.destination(2));
}

export interface CreateFileLoggerOptions {
  /** The log file readers open (`.kern/logs/kern.log`): a link to the file written now. */
  file: string;
  level?: LogLevel;
  rotation?: LogRotation;
}

/** The daemon's root logger: the rotating log file (rolling-file.ts). */
export async function createFileLogger(options: CreateFileLoggerOptions): Promise<Logger> {
  return pino(loggerOptions(options.level), await openRollingFile(options.file, options.rotation));
}

/** A logger that writes nothing (tests, one-shot CLI commands). */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
