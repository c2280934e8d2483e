// What every command receives: output, environment, clock, and whether a person is at a terminal.
import type { Clock } from "../kernel/index.js";
import type { Output, TextSink } from "./output.js";

export interface CliContext {
  output: Output;
  env: Record<string, string | undefined>;
  clock: Clock;
  stdinIsTTY: boolean;
  stdin: NodeJS.ReadableStream;
  stdout: TextSink;
  stderr: TextSink;
  /** Set by a command whose outcome is another process's exit code (the import's child). */
  exitCode?: number;
}
