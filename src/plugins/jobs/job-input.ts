// A job as a command, the tool or the API describes it, checked and turned into a NewJob. Pure.
import { type ScheduledAction, UsageError } from "../../kernel/index.js";
import type { JobRecord } from "../../store/index.js";
import { checkRoute, type KnownRoutes } from "./check-route.js";
import type { NewJob } from "./job-book.js";
import { parseSchedule, type ScheduleContext, type ScheduleInput } from "./job-schedule.js";

export interface JobInput extends ScheduleInput {
  name: string;
  prompt: string;
  /** Where the reply goes: a route, a `telegram:CHAT` / `web` / `tui` string, or null. */
  to?: JobRecord["to"] | string | null | undefined;
  catchUp?: "once" | "skip" | undefined;
  createdBy: string;
  /** A run that is an action of kern's (a backup), not a prompt. */
  action?: ScheduledAction | undefined;
}

/**
 * Checks a job's input and computes its schedule. Throws KERN_USAGE saying how to fix it, and
 * KERN_ROUTE_INVALID for a route nobody would receive (when `routes` says what exists).
 */
export function toNewJob(
  input: JobInput,
  context: ScheduleContext & { routes?: KnownRoutes },
): NewJob {
  const schedule = parseSchedule(input, context);
  const to = typeof input.to === "string" ? parseRoute(input.to) : (input.to ?? null);
  if (context.routes) checkRoute(to, context.routes);
  return {
    name: input.name,
    prompt: input.prompt,
    schedule,
    to,
    catchUp: input.catchUp ?? "once",
    createdBy: input.createdBy,
    ...(input.action ? { action: input.action } : {}),
  };
}

/**
 * `telegram:123` → { channel: "telegram", chat: "123" }; `web` → { channel: "web" }; `session`
 * → null (every interface sees the reply in the session).
 */
function parseRoute(text: string): JobRecord["to"] {
  if (text.trim() === "session") return null;
  const match = /^([a-z][a-z0-9_-]*)(?::(.+))?$/.exec(text.trim());
  if (!match?.[1]) {
    throw new UsageError(
      `--to "${text}": write CHANNEL or CHANNEL:CHAT, e.g. telegram:123456789, web or tui`,
    );
  }
  return match[2] ? { channel: match[1], chat: match[2] } : { channel: match[1] };
}

/** The route as `--to` writes it. */
export function formatRoute(route: JobRecord["to"]): string {
  if (!route) return "session";
  return route.chat ? `${route.channel}:${route.chat}` : route.channel;
}
