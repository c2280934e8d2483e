// `kern jobs add|list|rm|pause|resume|run` (SPEC §13; --json shapes in docs/cli.md). With a daemon
// running the CLI goes through its API; without one it edits .kern/jobs.json under the folder lock.
import type { Command } from "commander";
import { DaemonError } from "../../kernel/index.js";
import { formatLocalDateTime } from "../../kernel/local-time.js";
// By path, not the barrel: the barrel loads every zod schema at the CLI's start (ADR 0012).
import {
  formatJobLines,
  formatRunLines,
  formatUnattendedLines,
} from "../../protocol/format-jobs.js";
import type { JobView } from "../../protocol/job-views.js";
import type { CliContext } from "../cli-context.js";
import { connectDaemon } from "../daemon-command.js";
import { loadDaemon } from "../load-daemon.js";

interface AddFlags {
  at?: string;
  in?: string;
  every?: string;
  cron?: string;
  prompt: string;
  to?: string;
  catchUp?: "once" | "skip";
}

export function registerJobsCommand(program: Command, context: CliContext): void {
  const jobs = program.command("jobs").description("scheduled jobs: reminders, repeats, cron");
  registerAdd(jobs, context);
  registerList(jobs, context);
  for (const action of ["rm", "pause", "resume", "run"] as const)
    registerAction(jobs, context, action);
}

function registerAdd(jobs: Command, context: CliContext): void {
  jobs
    .command("add")
    .description("add a job (one of --at, --in, --every, --cron)")
    .argument("<name>", "job name (lowercase, digits, - or _)")
    .argument("[dir]", "agent folder", ".")
    .requiredOption("--prompt <text>", "what the agent is asked when the job runs")
    .option("--at <time>", '"2026-12-01 09:00" (config timezone), "09:00", or ISO with offset')
    .option("--in <duration>", "once, after 90s, 20m, 2h, 1d")
    .option("--every <duration>", "repeat every 20m, 2h, 1d")
    .option("--cron <expr>", 'cron expression, e.g. "0 9 * * 1-5"')
    .option("--to <route>", "telegram:CHAT_ID, web or tui (default: the session)")
    .option("--catch-up <policy>", "a run due while the daemon was down: once or skip", "once")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (name: string, dir: string, flags: AddFlags & { json?: boolean }) => {
      const { json, ...input } = flags;
      const body = { name, ...input, createdBy: "cli" as const };
      const daemon = await connectDaemon(dir);
      const job = daemon
        ? await daemon.client.jobAdd(body)
        : await (await loadDaemon()).changeJobOffline(
            { agentDir: dir, env: context.env },
            { action: "add", input: body },
          );
      if (json) return context.output.json(job);
      if (job) context.output.line(addedLine(job));
    });
}

function registerList(jobs: Command, context: CliContext): void {
  jobs
    .command("list")
    .description("jobs: schedule, next run, last run and outcome, tokens")
    .argument("[dir]", "agent folder", ".")
    .option("--all", "also every settled run, finished reminders' included")
    .option("--json", "print JSON (docs/cli.md)")
    .action(async (dir: string, flags: { json?: boolean; all?: boolean }) => {
      const daemon = await connectDaemon(dir);
      const all = flags.all === true;
      const options = { agentDir: dir, env: context.env, all };
      const overview = daemon
        ? await daemon.client.jobs({ all })
        : await (await loadDaemon()).listJobsOffline(options);
      if (flags.json) return context.output.json(overview);
      for (const line of formatJobLines(overview, context.clock.now())) context.output.line(line);
      for (const line of formatUnattendedLines(overview)) context.output.line(line);
      if (all) for (const line of formatRunLines(overview)) context.output.line(line);
    });
}

function registerAction(
  jobs: Command,
  context: CliContext,
  action: "rm" | "pause" | "resume" | "run",
): void {
  jobs
    .command(action)
    .description(
      `${action === "rm" ? "remove" : action} a job${action === "run" ? " now (needs the daemon)" : ""}`,
    )
    .argument("<name>", "job name")
    .argument("[dir]", "agent folder", ".")
    .action(async (name: string, dir: string) => {
      const daemon = await connectDaemon(dir);
      if (action === "run") {
        if (!daemon)
          throw new DaemonError(
            "KERN_DAEMON_NOT_RUNNING",
            "a job runs in the daemon; start it with 'kern start DIR', then 'kern jobs run NAME'",
          );
        const { turnId } = await daemon.client.jobRun(name);
        return context.output.line(
          turnId ? `queued ${name} as turn ${turnId}` : `${name} was skipped (see kern jobs list)`,
        );
      }
      const change = action === "rm" ? "remove" : action;
      if (daemon) await daemon.client.jobAction(name, change);
      else
        await (await loadDaemon()).changeJobOffline(
          { agentDir: dir, env: context.env },
          { action: change, name },
        );
      context.output.line(`${change === "remove" ? "removed" : `${change}d`} ${name}`);
    });
}

/** `added tea: at 2026-12-02 09:00, next run 2026-12-02 09:00 (Europe/Berlin)`. */
function addedLine(job: JobView): string {
  const zone = job.timezone;
  const next = job.nextRunAt
    ? zone
      ? `${formatLocalDateTime(job.nextRunAt, zone)} (${zone})`
      : job.nextRunAt
    : "none";
  return `added ${job.name}: ${job.schedule}, next run ${next}`;
}
