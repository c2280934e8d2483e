// The one root pino logger (SG-20): JSON lines to `.kern/logs/kern.log` (rotated), secrets redacted
// twice: by key (a field named `token`, `apiKey`, …) and by value (every secret of the config,
// wherever a line holds it: an error message, a command, a URL). Others receive it (or a child)
// as a parameter; nothing here is a module singleton.
import { type DestinationStream, type Logger, pino } from "pino";
import { createRedactor, type NamedSecret } from "../kernel/index.js";
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
  /** Values no line may hold: each becomes `[redacted NAME]` (config `secrets.named`). */
  secrets?: readonly NamedSecret[];
}

function loggerOptions(level: LogLevel = "info", secrets: readonly NamedSecret[] = []) {
  const redact = createRedactor(secrets);
  // The whole serialized line, after pino wrote it: values inside messages and errors too.
  const hooks = secrets.length > 0 ? { hooks: { streamWrite: redact } } : {};
  return { level, redact: { paths: REDACT_PATHS, censor: "[redacted]" }, ...hooks };
}

/** Creates a root logger on a stream (tests, one-shot commands). */
export function createLogger(options: CreateLoggerOptions = {}): Logger {
  return pino(
    loggerOptions(options.level, options.secrets),
    options.destination ?? pino.destination(2),
  );
}

export interface CreateFileLoggerOptions {
  /** The log file readers open (`.kern/logs/kern.log`): a link to the file written now. */
  file: string;
  level?: LogLevel;
  rotation?: LogRotation;
  /** Values no line may hold (config `secrets.named`). */
  secrets?: readonly NamedSecret[];
}

/** The daemon's root logger: the rotating log file (rolling-file.ts). */
export async function createFileLogger(options: CreateFileLoggerOptions): Promise<Logger> {
  return pino(
    loggerOptions(options.level, options.secrets),
    await openRollingFile(options.file, options.rotation),
  );
}

/** A logger that writes nothing (tests, one-shot CLI commands). */
export function createSilentLogger(): Logger {
  return pino({ level: "silent" });
}
