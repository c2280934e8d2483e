// What the `schedule` tool and the `/jobs` chat command do with the agent's jobs (SPEC §13). The
// tool's default reply route is the chat the calling turn came from. Text in, text out: both are
// read by a model or a person.
import { z } from "zod";
import { formatLocalDateTime, formatRelative, UsageError } from "../../kernel/index.js";
import type { JobView } from "../../protocol/index.js";
import type { JobRecord } from "../../store/index.js";
import type { AgentJobs } from "./agent-jobs.js";
import { UNATTENDED_INTERFACES } from "./agent-jobs.js";

export const scheduleArgumentsSchema = z.object({
  action: z.enum(["add", "list", "remove"]),
  name: z.string().optional().describe("Job name: lowercase letters, digits, - or _ (add, remove)"),
  prompt: z
    .string()
    .optional()
    .describe("What you will be asked to do when it runs, e.g. 'Remind the user to call the bank'"),
  at: z.string().optional().describe('Once at a local time: "2026-12-01 09:00" or "09:00"'),
  in: z.string().optional().describe('Once after a delay: "90s", "20m", "2h", "1d"'),
  every: z.string().optional().describe('Repeat: "1h", "1d"'),
  cron: z.string().optional().describe('Cron expression: "0 9 * * 1-5" = weekdays at 9:00'),
  to: z
    .string()
    .optional()
    .describe("Where the reply goes: telegram:CHAT_ID, web, tui; default: this chat"),
});
export type ScheduleArguments = z.infer<typeof scheduleArgumentsSchema>;

/** The envelope fields of the turn that called the tool. */
export interface CallingEnvelope {
  interface: string;
  channel?: string | undefined;
  user?: string | undefined;
  replyTo?: { channel: string; chat?: string | undefined; user?: string | undefined } | undefined;
  /** The sender's role, set by the runtime (operator, member); absent for kern's own turns. */
  role?: string | undefined;
}

/** Runs one `schedule` call; throws KernErrors the tool loop turns into error results. */
export async function runScheduleAction(
  jobs: AgentJobs,
  args: ScheduleArguments,
  envelope: CallingEnvelope | null,
  nowMs: number,
): Promise<string> {
  switch (args.action) {
    case "list":
      return formatJobsText(jobs.overview().jobs, nowMs);
    case "remove":
      jobs.remove(requireField(args.name, "name"));
      return `removed job ${args.name}`;
    case "add": {
      const job = await jobs.add({
        name: requireField(args.name, "name"),
        prompt: requireField(args.prompt, "prompt"),
        at: args.at,
        in: args.in,
        every: args.every,
        cron: args.cron,
        to: args.to ?? routeOf(envelope),
        createdBy: actorOf(envelope),
      });
      const next = job.nextRunAt ? localTime(job.nextRunAt, job.timezone) : "none";
      return `scheduled ${job.name}: ${job.schedule}, next run ${next}, reply to ${job.to}`;
    }
    default: {
      const unreachable: never = args.action;
      return unreachable;
    }
  }
}

/**
 * Who a job the model made is for: the person whose turn asked (`operator`, `member`), else
 * `agent` (a job, heartbeat or sub-agent turn of its own).
 */
function actorOf(envelope: CallingEnvelope | null): string {
  if (envelope?.role === "operator" || envelope?.role === "member") return envelope.role;
  return "agent";
}

function localTime(iso: string, timezone: string | undefined): string {
  return timezone ? `${formatLocalDateTime(iso, timezone)} (${timezone})` : iso;
}

/** Where a job made by this turn answers: its reply route, else the chat it came from. */
function routeOf(envelope: CallingEnvelope | null): JobRecord["to"] {
  if (!envelope) return null;
  if (envelope.replyTo) {
    const { channel, chat, user } = envelope.replyTo;
    return { channel, ...(chat ? { chat } : {}), ...(user ? { user } : {}) };
  }
  if (UNATTENDED_INTERFACES.includes(envelope.interface)) return null;
  return {
    channel: envelope.interface,
    ...(envelope.channel ? { chat: envelope.channel } : {}),
    ...(envelope.user ? { user: envelope.user } : {}),
  };
}

function requireField(value: string | undefined, field: string): string {
  if (value === undefined || value.trim() === "") {
    throw new UsageError(`schedule: "${field}" is required for this action`);
  }
  return value;
}

/** The jobs as short lines for a chat. */
function formatJobsText(jobs: readonly JobView[], nowMs: number): string {
  if (jobs.length === 0) return "no jobs";
  return jobs
    .map((job) => {
      const next =
        job.paused || !job.nextRunAt
          ? job.paused
            ? "paused"
            : "done"
          : `next ${localTime(job.nextRunAt, job.timezone)}, ${formatRelative(Date.parse(job.nextRunAt), nowMs)}`;
      const last = job.lastRun ? `, last ${job.lastRun.outcome}` : "";
      return `${job.name}: ${job.schedule} → ${job.to} (${next}${last})`;
    })
    .join("\n");
}

export const JOBS_COMMAND_HELP = "the scheduled jobs: next and last runs";

/** `/jobs`, `/jobs pause NAME`, `/jobs resume NAME`, `/jobs run NAME`, `/jobs rm NAME`. */
export function answerJobsCommand(jobs: AgentJobs, argument: string, nowMs: number): string {
  const [verb, name] = argument.trim().split(/\s+/);
  if (!verb || verb === "list") {
    const overview = jobs.overview();
    const { spentToday, capPerDay, notice } = overview.unattended;
    const spend = `unattended today: ${spentToday} tokens${capPerDay === null ? "" : ` of ${capPerDay}`}`;
    return [formatJobsText(overview.jobs, nowMs), spend, ...(notice ? [notice] : [])].join("\n");
  }
  if (!name) return `usage: ${JOBS_COMMAND_HELP}`;
  switch (verb) {
    case "pause":
    case "resume":
      jobs.setPaused(name, verb === "pause");
      return `${verb}d ${name}`;
    case "run": {
      const { turnId } = jobs.runNow(name);
      return turnId ? `running ${name} now` : `${name} was skipped (unattended budget)`;
    }
    case "rm":
    case "remove":
      jobs.remove(name);
      return `removed ${name}`;
    default:
      return `usage: ${JOBS_COMMAND_HELP}`;
  }
}
