// bash: runs a command in the agent folder with a timeout; stdout and stderr are captured. It
// runs in the sandbox when there is one, in its own process group either way, and is killed as a
// whole (SIGKILL) when the call ends: exit, timeout, cancel or daemon stop; nothing of it outlives
// the daemon, kill -9 included (sandbox/contained-spawn.ts). The call ends at the timeout even
// when a child that left the group (`setsid cmd &`) still holds stdout.
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { type ContainedProcess, spawnContained } from "../sandbox/index.js";
import { defineTool, type ToolContext } from "./tool.js";

/**
 * Output kept in memory for one call; past it the rest is dropped with a note. The loop stores
 * a long result as its head and tail and the whole of it in `.kern/tool-output/` (issue 33), so
 * this only bounds the daemon's memory: 32 Mi characters is at most 64 MB of UTF-16.
 */
const MAX_OUTPUT_CHARS = 32 * 1024 * 1024;
/** After bash exits, how long output still in flight is awaited before the pipes are closed. */
const DRAIN_MS = 200;

/**
 * The program that runs `command`. `--norc`: Debian's bash sources ~/.bashrc when stdin is a
 * socket and SHLVL is unset or 0 (a daemon under systemd): every call ran the user's shell
 * start-up (a pyenv rehash in it held each call on a lock).
 */
export function bashArgv(command: string): string[] {
  return ["bash", "--norc", "-c", command];
}

/** Runs `command` to its end, its timeout or the turn's cancel; resolves to status and output. */
function runInForeground(
  command: string,
  timeoutMs: number,
  context: ToolContext,
): Promise<string> {
  return new Promise<string>((resolve) => {
    let child: ContainedProcess;
    try {
      child = spawnContained({
        argv: bashArgv(command),
        cwd: context.agentDir,
        stdin: "ignore",
        label: "kern-bash",
        sandbox: context.sandbox,
      });
    } catch (error) {
      resolve(`failed to start bash: ${(error as Error).message}`);
      return;
    }
    const output = new OutputBuffer();
    let status = "";
    let drain: NodeJS.Timeout | undefined;
    let done = false;
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => output.add(chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => output.add(chunk));
    const finish = (text: string) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      clearTimeout(drain);
      context.signal.removeEventListener("abort", onAbort);
      void child.kill();
      child.release();
      resolve(text);
    };
    const timer = setTimeout(() => {
      status = `timed out after ${timeoutMs} ms`;
      void child.kill();
    }, timeoutMs);
    const onAbort = () => {
      status ||= "cancelled";
      void child.kill();
    };
    context.signal.addEventListener("abort", onAbort, { once: true });
    child.child.on("exit", (code, signal) => {
      status ||= `exit code ${code ?? signal}`;
      // A child outside the group may hold the pipes open: wait briefly, then stop reading.
      drain = setTimeout(() => finish(`${status}\n${output.text()}`), DRAIN_MS);
    });
    void child.closed.then(() => finish(`${status}\n${output.text()}`));
    child.child.on("error", (error) => finish(`failed to start bash: ${error.message}`));
  });
}

/** A call's output, bounded in memory: past MAX_OUTPUT_CHARS the rest is counted, not kept. */
class OutputBuffer {
  private kept = "";
  private dropped = 0;

  add(chunk: string): void {
    if (this.kept.length < MAX_OUTPUT_CHARS) this.kept += chunk;
    else this.dropped += chunk.length;
  }

  text(): string {
    const note =
      this.dropped > 0
        ? `\n[… output past ${MAX_OUTPUT_CHARS} characters dropped: about ${this.dropped} more …]`
        : "";
    return `${this.kept.slice(0, MAX_OUTPUT_CHARS)}${note}`;
  }
}

export const bashTool = defineTool({
  name: "bash",
  description:
    "Run a bash command in the agent folder. Returns exit code, stdout and stderr. With background: true it returns at once with a process id (p-…); its end (exit code, output tail) comes back as a message; see the processes tool.",
  scope: "full",
  parameters: z.object({
    command: z.string().min(1),
    timeoutMs: z.number().int().min(100).optional().describe("default: the agent's bashTimeoutMs"),
    background: z
      .boolean()
      .optional()
      .describe("run without waiting (a build, a long scan); no timeout"),
  }),
  async run(args, context) {
    if (args.background) {
      if (!context.background || !context.turn)
        throw new KernError("KERN_TOOL_FAILED", "background commands are not available here");
      const started = context.background.start({
        command: args.command,
        cwd: context.agentDir,
        turn: context.turn,
      });
      return `started background command ${started.id} (pid ${started.pid}); its end (exit code, output tail) comes back as a message. The processes tool lists it, reads its output or stops it.`;
    }
    const timeoutMs = Math.min(args.timeoutMs ?? context.bashTimeoutMs, context.bashTimeoutMs);
    return runInForeground(args.command, timeoutMs, context);
  },
});
