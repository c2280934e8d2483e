// Every command of the CLI, registered in the order `kern --help` lists them.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { registerImportCommand } from "./import.js";
import { registerInitCommand } from "./init.js";
import { registerReindexCommand } from "./reindex.js";

export function registerCommands(program: Command, context: CliContext): void {
  registerInitCommand(program, context);
  registerImportCommand(program, context);
  registerReindexCommand(program, context);
}
