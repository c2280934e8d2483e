// The `processes` tool: list the background commands, read one's output, stop one.
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { defineTool, type Tool } from "../../runtime/index.js";
import type { ProcessManager, ProcessView } from "./process-manager.js";

export function formatProcessLine(view: ProcessView): string {
  const ended =
    view.state === "running"
      ? `running since ${view.startedAt}`
      : `${view.state}${view.exitCode !== null ? ` (exit code ${view.exitCode})` : view.signal ? ` (${view.signal})` : ""} at ${view.endedAt}`;
  return `${view.id}  ${ended}  ${view.outputBytes} bytes  $ ${view.command}`;
}

export function formatProcessList(views: readonly ProcessView[]): string {
  return views.length === 0 ? "no background commands" : views.map(formatProcessLine).join("\n");
}

export function createProcessesTool(manager: ProcessManager): Tool {
  return defineTool({
    name: "processes",
    description:
      "Background commands started with bash {background: true}: list them, read one's output (its tail), or stop one (SIGTERM, then SIGKILL).",
    scope: "full",
    parameters: z.object({
      action: z.enum(["list", "output", "stop"]),
      id: z.string().optional().describe("the process id (p-…), for output and stop"),
      chars: z.number().int().min(100).max(16_000).optional().describe("output: how much tail"),
    }),
    async run(args) {
      if (args.action === "list") return formatProcessList(manager.list());
      if (!args.id)
        throw new KernError(
          "KERN_TOOL_FAILED",
          `action ${args.action} needs an id (p-…); see action list`,
        );
      if (args.action === "output") {
        const found = manager.output(args.id, args.chars);
        if (!found) throw unknown(args.id, manager);
        const cut = found.truncated
          ? `(last ${found.text.length} of ${found.view.outputBytes} bytes)\n`
          : "";
        return `${formatProcessLine(found.view)}\n${cut}${found.text}`;
      }
      const stopped = await manager.stop(args.id);
      if (!stopped) throw unknown(args.id, manager);
      return formatProcessLine(stopped);
    },
  });
}

function unknown(id: string, manager: ProcessManager): KernError {
  const known =
    manager
      .list()
      .map((view) => view.id)
      .join(", ") || "none";
  return new KernError("KERN_TOOL_FAILED", `no background command ${id}; known: ${known}`);
}
