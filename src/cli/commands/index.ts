// Every command of the CLI, registered in the order `kern --help` lists them.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { registerApprovalsCommand } from "./approvals.js";
import { registerBackupCommand } from "./backup.js";
import { registerContextCommand } from "./context.js";
import { registerDaemonCommands } from "./daemon.js";
import { registerDemoCommand } from "./demo.js";
import { registerDoctorCommand } from "./doctor.js";
import { registerExtensionCommands } from "./extensions.js";
import { registerImportCommand } from "./import.js";
import { registerInitCommand } from "./init.js";
import { registerJobsCommand } from "./jobs.js";
import { registerLogsCommand } from "./logs.js";
import { registerMemoryCommand } from "./memory.js";
import { registerPairCommand } from "./pair.js";
import { registerPluginsCommand } from "./plugins.js";
import { registerRecallCommand } from "./recall.js";
import { registerReindexCommand } from "./reindex.js";
import { registerRestoreCommand } from "./restore.js";
import { registerSegmentsCommand } from "./segments.js";
import { registerServiceCommand } from "./service.js";
import { registerStatusCommand } from "./status.js";
import { registerTuiCommand } from "./tui.js";

export function registerCommands(program: Command, context: CliContext): void {
  registerInitCommand(program, context);
  registerTuiCommand(program, context);
  registerDaemonCommands(program, context);
  registerStatusCommand(program, context);
  registerServiceCommand(program, context);
  registerLogsCommand(program, context);
  registerPairCommand(program, context);
  registerApprovalsCommand(program, context);
  registerJobsCommand(program, context);
  registerImportCommand(program, context);
  registerReindexCommand(program, context);
  registerBackupCommand(program, context);
  registerRestoreCommand(program, context);
  registerSegmentsCommand(program, context);
  registerContextCommand(program, context);
  registerRecallCommand(program, context);
  registerMemoryCommand(program, context);
  registerDoctorCommand(program, context);
  registerExtensionCommands(program, context);
  registerPluginsCommand(program, context);
  registerDemoCommand(program, context);
}
