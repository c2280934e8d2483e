// The `spawn` tool: starts a sub-agent on a task and returns at once with its id. Its tool scope
// is never wider than the calling turn's; its steps and time never more than the config allows.
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import {
  defineTool,
  isToolInScope,
  routeOf,
  type Tool,
  type ToolScope,
} from "../../runtime/index.js";
import type { SubagentManager } from "./subagent-manager.js";

export interface SpawnLimits {
  maxSteps: number;
  subagentTimeoutMs: number;
}

/** The narrower of two scopes. */
function narrower(a: ToolScope, b: ToolScope): ToolScope {
  return isToolInScope({ scope: a } as Tool, b) ? a : b;
}

export function createSpawnTool(
  manager: SubagentManager,
  parentScope: ToolScope,
  limits: SpawnLimits,
): Tool {
  return defineTool({
    name: "spawn",
    description:
      "Start a sub-agent on a task that should not hold the conversation (research, a long check). It works alone with its own tools and returns at once with an id (s-…); its result comes back as a message when it ends. It sees the task, your working memory and recall over the history, not this conversation's latest messages: put what it needs in the task.",
    scope: "read",
    parameters: z.object({
      task: z.string().min(1).max(20_000).describe("what to do and what to answer with"),
      toolScope: z
        .enum(["read", "write", "full"])
        .optional()
        .describe("its tools: read < write < full; never wider than yours (default: yours)"),
      maxSteps: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe(`model steps (at most ${limits.maxSteps})`),
      timeout: z
        .number()
        .int()
        .min(1)
        .optional()
        .describe(`time limit in seconds (at most ${Math.round(limits.subagentTimeoutMs / 1000)})`),
    }),
    async run(args, context) {
      const turn = context.turn;
      if (!turn) throw new KernError("KERN_TOOL_FAILED", "spawn needs a turn to report back to");
      const toolScope = narrower(args.toolScope ?? parentScope, parentScope);
      const maxSteps = Math.min(args.maxSteps ?? limits.maxSteps, limits.maxSteps);
      const timeoutMs = Math.min(
        (args.timeout ?? Number.POSITIVE_INFINITY) * 1000,
        limits.subagentTimeoutMs,
      );
      const view = manager.spawn({
        task: args.task,
        toolScope,
        maxSteps,
        timeoutMs,
        depth: turn.depth + 1,
        replyTo: routeOf(turn.envelope),
        ...(turn.origin ? { origin: turn.origin } : {}),
        parentKind: turn.kind,
      });
      return [
        `started sub-agent ${view.id} (tools: ${toolScope}, up to ${maxSteps} steps, ${Math.round(timeoutMs / 1000)} s).`,
        `Its result comes back as a message ([via subagent ${view.id}]) when it ends; transcript: ${view.transcript}.`,
        "/subagents lists it; /subagents cancel ID stops it.",
      ].join(" ");
    },
  });
}
