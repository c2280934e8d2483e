// Jobs as the runtime's extensions (SPEC §13): the `schedule` tool (a tool source) and the
// `/jobs` chat command, both over one AgentJobs. Registered by the composition root.
import { type Clock, formatDuration } from "../../kernel/index.js";
import type { ChatCommandHandler, ToolSource } from "../../runtime/index.js";
import { defineTool, type Tool } from "../../runtime/index.js";
import type { AgentJobs } from "./agent-jobs.js";
import {
  answerJobsCommand,
  JOBS_COMMAND_HELP,
  runScheduleAction,
  scheduleArgumentsSchema,
} from "./schedule-action.js";

/** The `schedule` tool: add, list and remove jobs; a new job answers in the calling chat. */
export function createScheduleTool(jobs: AgentJobs, clock: Clock, minIntervalMs: number): Tool {
  return defineTool({
    name: "schedule",
    description: `Schedule a prompt for later, for reminders and recurring checks: {"action":"add","name","prompt", one of "at"|"in"|"every"|"cron", "to"?}, {"action":"list"}, {"action":"remove","name"}. The prompt is what you will be asked when it runs (write it as an instruction to yourself, e.g. "Remind the user to call the bank"). By default the reply goes to this chat. Repeats no more often than every ${formatDuration(minIntervalMs)}. When a run finds nothing worth saying, reply exactly NO_REPLY.`,
    scope: "write",
    parameters: scheduleArgumentsSchema,
    run: async (args, context) => runScheduleAction(jobs, args, context.turn.envelope, clock.now()),
  });
}

export function createJobsToolSource(tool: Tool): ToolSource {
  return {
    id: "jobs",
    // A sub-agent's turn (depth > 0) schedules nothing: jobs belong to the agent's own session.
    tools: (request) => (request.turn.depth > 0 ? [] : [tool]),
  };
}

export function createJobsCommand(jobs: AgentJobs, clock: Clock): ChatCommandHandler {
  return {
    name: "jobs",
    usage: "[pause|resume|run|rm NAME]",
    help: JOBS_COMMAND_HELP,
    // The jobs are the operator's: listing them shows their prompts (SPEC §16).
    operatorOnly: true,
    answer: async (argument) => answerJobsCommand(jobs, argument, clock.now()),
  };
}
