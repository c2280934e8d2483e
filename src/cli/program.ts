// The kern command line (commander 14). `runCli` never calls process.exit: it returns the exit
// code, so tests run the program in-process (SG-22).
import { existsSync } from "node:fs";
import { join } from "node:path";
import { Command, CommanderError } from "commander";
import { describeError, isKernError, SYSTEM_CLOCK } from "../kernel/index.js";
import type { CliContext } from "./cli-context.js";
import { registerCommands } from "./commands/index.js";
import { exitCodeFor } from "./exit-code.js";
import { createOutput } from "./output.js";
import { readVersion } from "./version.js";

export const VERSION: string = readVersion();

export interface RunCliOptions extends Partial<Omit<CliContext, "output">> {}

/** Runs `kern` with `argv` (process.argv shape) and returns the exit code. */
export async function runCli(
  argv: readonly string[],
  options: RunCliOptions = {},
): Promise<number> {
  const stdout = options.stdout ?? process.stdout;
  const stderr = options.stderr ?? process.stderr;
  const context: CliContext = {
    output: createOutput(stdout, stderr),
    env: options.env ?? process.env,
    clock: options.clock ?? SYSTEM_CLOCK,
    stdinIsTTY: options.stdinIsTTY ?? Boolean(process.stdin.isTTY),
    stdin: options.stdin ?? process.stdin,
    stdout,
    stderr,
  };
  const program = new Command("kern")
    .description("kern — a long-running AI agent runtime with lossless context management")
    .version(VERSION, "-v, --version")
    .exitOverride()
    .showHelpAfterError("(run 'kern --help' for usage)")
    .configureOutput({
      writeOut: (text) => stdout.write(text),
      writeErr: (text) => stderr.write(text),
    });
  registerCommands(program, context);
  let agentDir = ".";
  program.hook("preAction", (_program, action) => {
    const first = action.processedArgs[0];
    if (typeof first === "string" && existsSync(join(first, ".kern"))) agentDir = first;
  });
  try {
    await program.parseAsync([...argv]);
    return context.exitCode ?? 0;
  } catch (error) {
    if (error instanceof CommanderError) return error.exitCode === 0 ? 0 : 2;
    context.output.endProgress();
    context.output.error(describeForUser(error, agentDir));
    if (!isKernError(error) && context.env["KERN_DEBUG"])
      stderr.write(`${(error as Error).stack ?? ""}\n`);
    return exitCodeFor(error);
  }
}

/** SQLite's codes for a damaged database file (a query past the checks made on open). */
const INDEX_DAMAGE = /^SQLITE_(CORRUPT|NOTADB)/;

function describeForUser(error: unknown, agentDir: string): string {
  if (isKernError(error)) return error.message;
  const code = typeof error === "object" && error !== null && "code" in error ? error.code : "";
  if (typeof code === "string" && INDEX_DAMAGE.test(code)) {
    return `kern.db is damaged (${describeError(error)}); run 'kern reindex ${agentDir}' (the log is the source of truth)`;
  }
  return `unexpected error: ${describeError(error)}`;
}
