// bash: runs a command in the agent folder with a timeout; stdout and stderr are captured.
import { spawn } from "node:child_process";
import { z } from "zod";
import { defineTool } from "./tool.js";

/** Output beyond this is cut in the result (the model sees head and tail via the composer). */
const MAX_OUTPUT_CHARS = 200_000;

export const bashTool = defineTool({
  name: "bash",
  description: "Run a bash command in the agent folder. Returns exit code, stdout and stderr.",
  scope: "full",
  parameters: z.object({
    command: z.string().min(1),
    timeoutMs: z.number().int().min(100).optional().describe("default: the agent's bashTimeoutMs"),
  }),
  run(args, context) {
    const timeoutMs = Math.min(args.timeoutMs ?? context.bashTimeoutMs, context.bashTimeoutMs);
    return new Promise((resolve) => {
      const child = spawn("bash", ["-c", args.command], { cwd: context.agentDir, detached: true });
      let output = "";
      let timedOut = false;
      const collect = (chunk: Buffer) => {
        if (output.length < MAX_OUTPUT_CHARS) output += chunk.toString("utf8");
      };
      child.stdout.on("data", collect);
      child.stderr.on("data", collect);
      const kill = () => {
        try {
          if (child.pid) process.kill(-child.pid, "SIGKILL");
        } catch {
          // the process group is already gone
        }
      };
      const timer = setTimeout(() => {
        timedOut = true;
        kill();
      }, timeoutMs);
      const onAbort = () => kill();
      context.signal.addEventListener("abort", onAbort, { once: true });
      child.on("close", (code, signal) => {
        clearTimeout(timer);
        context.signal.removeEventListener("abort", onAbort);
        const status = timedOut ? `timed out after ${timeoutMs} ms` : `exit code ${code ?? signal}`;
        resolve(`${status}\n${output.slice(0, MAX_OUTPUT_CHARS)}`);
      });
      child.on("error", (error) => {
        clearTimeout(timer);
        resolve(`failed to start bash: ${error.message}`);
      });
    });
  },
});
