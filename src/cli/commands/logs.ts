// `kern logs [DIR] [-n N] [--level L] [-f]`: pino JSON lines from .kern/logs/kern.log, readable.
import { existsSync, readFileSync, statSync } from "node:fs";
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { followFile } from "../follow-file.js";
import { formatLogLine, LEVELS } from "../format-log-line.js";
import { loadConfigModule } from "../load-daemon.js";

export function registerLogsCommand(program: Command, context: CliContext): void {
  program
    .command("logs")
    .description("show the daemon log (.kern/logs/kern.log)")
    .argument("[dir]", "agent folder", ".")
    .option("-n, --lines <n>", "number of lines", "50")
    .option("--level <level>", "minimum level: trace debug info warn error fatal", "info")
    .option("-f, --follow", "keep printing new lines")
    .option("--json", "print the raw JSON lines")
    .action(
      async (
        dir: string,
        flags: { lines: string; level: string; follow?: boolean; json?: boolean },
      ) => {
        const { agentPaths, assertAgentFolder } = await loadConfigModule();
        await assertAgentFolder(dir);
        const file = agentPaths(dir).logFile;
        const minimum = LEVELS[flags.level] ?? 30;
        const print = (line: string) => {
          const formatted = formatLogLine(line, minimum);
          if (formatted !== null) context.output.line(flags.json ? line : formatted);
        };
        if (!existsSync(file))
          return context.output.line(
            `no log yet at ${file} (start the daemon with 'kern start ${dir}')`,
          );
        const lines = readFileSync(file, "utf8")
          .split("\n")
          .filter((line) => line.trim() !== "");
        for (const line of lines.slice(-Number(flags.lines))) print(line);
        if (!flags.follow) return;
        followFile(file, statSync(file).size, print);
        await new Promise<void>(() => undefined); // until Ctrl-C
      },
    );
}
