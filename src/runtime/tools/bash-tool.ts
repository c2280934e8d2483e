// bash: runs a command in the agent folder with a timeout; stdout and stderr are captured.
// The command runs in its own process group, killed (SIGKILL) when the call ends: exit,
// timeout, cancel or daemon stop. A watcher in the group kills it when the daemon dies (even by
// kill -9): it waits for EOF on a pipe whose only writer is the daemon. The call ends at the
// timeout even when a child that left the group (`setsid cmd &`) still holds stdout.
import { type ChildProcessWithoutNullStreams, spawn } from "node:child_process";
import { z } from "zod";
import { KernError } from "../../kernel/index.js";
import { defineTool } from "./tool.js";

/**
 * Output kept in memory for one call; past it the rest is dropped with a note. The loop stores
 * a long result as its head and tail and the whole of it in `.kern/tool-output/` (issue 33), so
 * this only bounds the daemon's memory: 32 Mi characters is at most 64 MB of UTF-16.
 */
const MAX_OUTPUT_CHARS = 32 * 1024 * 1024;
/** After bash exits, how long output still in flight is awaited before the pipes are closed. */
const DRAIN_MS = 200;

/**
 * $1 is the command. fd 3 keeps the daemon's stdin pipe for the watcher alone; the command gets
 * /dev/null as stdin. EOF on fd 3 means the daemon is gone: the watcher kills its group. Background
 * commands (runtime/processes/) run under the same wrapper.
 */
const GROUP_WATCH_WRAPPER = [
  "exec 3<&0 </dev/null",
  "( read -r _ <&3; kill -KILL 0 ) >/dev/null 2>&1 &",
  "exec 3<&-",
  'exec bash -c "$1"',
].join("\n");

/**
 * bash's arguments to run `command` under the wrapper, `label` naming it in `ps`. `--norc`: the
 * wrapper's stdin is Node's socket pair, and Debian's bash sources ~/.bashrc when stdin is a
 * socket and SHLVL is unset or 0 (a daemon under systemd): every call ran the user's shell start-up
 * (a pyenv rehash in it held each call on a lock).
 */
export function groupWatchArgs(label: string, command: string): string[] {
  return ["--norc", "-c", GROUP_WATCH_WRAPPER, label, command];
}

function killGroup(child: ChildProcessWithoutNullStreams): void {
  try {
    if (child.pid) process.kill(-child.pid, "SIGKILL");
  } catch {
    // the process group is already gone
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
    return new Promise<string>((resolve) => {
      const child = spawn("bash", groupWatchArgs("kern-bash", args.command), {
        cwd: context.agentDir,
        detached: true,
      });
      let output = "";
      let status = "";
      let drain: NodeJS.Timeout | undefined;
      let done = false;
      let dropped = 0;
      const collect = (chunk: string) => {
        if (output.length < MAX_OUTPUT_CHARS) output += chunk;
        else dropped += chunk.length;
      };
      const result = () =>
        `${status}\n${output.slice(0, MAX_OUTPUT_CHARS)}${dropped > 0 ? `\n[… output past ${MAX_OUTPUT_CHARS} characters dropped: about ${dropped} more …]` : ""}`;
      child.stdout.setEncoding("utf8").on("data", collect);
      child.stderr.setEncoding("utf8").on("data", collect);
      const finish = (text: string) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        clearTimeout(drain);
        context.signal.removeEventListener("abort", onAbort);
        killGroup(child);
        child.stdin.destroy();
        child.stdout.destroy();
        child.stderr.destroy();
        resolve(text);
      };
      const timer = setTimeout(() => {
        status = `timed out after ${timeoutMs} ms`;
        killGroup(child);
      }, timeoutMs);
      const onAbort = () => {
        status ||= "cancelled";
        killGroup(child);
      };
      context.signal.addEventListener("abort", onAbort, { once: true });
      child.on("exit", (code, signal) => {
        status ||= `exit code ${code ?? signal}`;
        // A child outside the group may hold the pipes open: wait briefly, then stop reading.
        drain = setTimeout(() => finish(result()), DRAIN_MS);
      });
      child.on("close", () => finish(result()));
      child.on("error", (error) => finish(`failed to start bash: ${error.message}`));
    });
  },
});
