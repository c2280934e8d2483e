// `kern demo [DIR]`: the offline showcase — builds the demo agent's memory, prints the tree, the
// composed <conversation_summary> and the compression, then starts the daemon for the web UI.
import type { Command } from "commander";
import type { CliContext } from "../cli-context.js";
import { selfCommand } from "../daemon-command.js";
import { printDemoReport } from "../format-demo-report.js";
import { loadDaemon } from "../load-daemon.js";
import { webLoginLine } from "../web-login-line.js";

export function registerDemoCommand(program: Command, context: CliContext): void {
  program
    .command("demo")
    .description("offline showcase: a long multi-topic history, its memory tree, the web UI")
    .argument("[dir]", "where to create the demo agent", "kern-demo")
    .option("--no-start", "do not start the daemon afterwards")
    .action(async (dir: string, flags: { start: boolean }) => {
      const { runDemo, startDaemon } = await loadDaemon();
      const bars = new Map<string, (done: number, total: number) => void>();
      const report = await runDemo({
        agentDir: dir,
        env: context.env,
        onProgress: ({ phase, done, total }) => {
          if (!bars.has(phase)) bars.set(phase, context.output.progress(phase.padEnd(9)));
          bars.get(phase)?.(done, total);
        },
      });
      context.output.endProgress();
      printDemoReport(context.output, report, dir);
      if (!flags.start) return;
      const started = await startDaemon({ agentDir: dir, command: selfCommand() });
      const out = context.output;
      out.line();
      out.line(
        `daemon ${started.alreadyRunning ? "already running" : "started"} (pid ${started.pid})`,
      );
      out.line(await webLoginLine(dir, started.url));
      out.line(`try: kern segments ${dir}`);
      out.line(`     kern recall "postgres replication" ${dir}`);
      out.line(`     kern stop ${dir}`);
    });
}
