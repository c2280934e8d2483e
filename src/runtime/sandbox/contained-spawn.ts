// The one way kern starts a command it does not control (bash, background commands, stdio MCP
// servers): in the sandbox when there is one, in a process group of its own, watched so that
// nothing of it outlives the daemon (kill -9 included), and stopped as a whole tree.
//
// Inside bubblewrap the pid namespace holds the tree: bwrap dies with the daemon
// (--die-with-parent) and takes every process of the namespace along. Outside it, a watcher in
// the group waits for EOF on fd 3, a pipe whose only writer is the daemon; when the daemon is gone
// it kills the processes that carry the tree's tag in their environment (a child that called
// setsid left the group, not its environment), then the group. Node cannot call prctl itself, so
// the watcher is a bash subshell: about a millisecond a call, no extra program.
import { type ChildProcess, spawn } from "node:child_process";
import { accessSync, constants } from "node:fs";
import type { Socket } from "node:net";
import { delimiter, isAbsolute, join, resolve } from "node:path";
import type { Readable, Writable } from "node:stream";
import { createShortId } from "../../kernel/index.js";
import { bwrapArguments } from "./bwrap-arguments.js";
import { groupMembers, signalGroup, signalTagged, TREE_VARIABLE } from "./process-tree.js";
import type { Sandbox } from "./sandbox.js";
import { realPath } from "./sandbox-setup.js";

/**
 * $0 names it in `ps`, $1 is the tree's tag (empty inside bwrap), $2 the variables the command
 * must not see (kern's own secrets, should the daemon's inherited environment hold them), the
 * rest is the command. The tag is exported after the watcher forked, so the watcher does not
 * carry it. The watcher ignores SIGTERM: a stop's SIGTERM to the group leaves it watching until
 * the SIGKILL.
 */
const WATCH_WRAPPER = `tag=$1; hide=$2; shift 2
[ -n "$hide" ] && unset $hide
(
  trap '' TERM
  read -r _ <&3
  if [ -n "$tag" ]; then
    for round in 1 2 3; do
      for f in /proc/[0-9]*/environ; do
        p=\${f#/proc/}; p=\${p%/environ}
        mapfile -d '' vars < "$f" || continue
        for v in "\${vars[@]}"; do
          [ "$v" = "${TREE_VARIABLE}=$tag" ] && { kill -KILL "$p"; break; }
        done
      done
    done
  fi
  kill -KILL 0
) </dev/null >/dev/null 2>&1 &
exec 3<&-
[ -n "$tag" ] && export ${TREE_VARIABLE}="$tag"
exec "$@"`;

export interface ContainedSpawnOptions {
  /** The program and its arguments. */
  argv: readonly string[];
  cwd: string;
  /** The environment, as given; absent: the daemon's own without kern's secret variables. */
  env?: NodeJS.ProcessEnv;
  /** "pipe" for a program that reads its input from kern (an MCP server); else /dev/null. */
  stdin: "pipe" | "ignore";
  /** Names the process in `ps` (`kern-bash`, `kern-bg`, `kern-mcp`). */
  label: string;
  sandbox: Sandbox;
  /** False: outside the sandbox even when there is one (an MCP entry's `"sandbox": false`). */
  confine?: boolean;
}

export interface ContainedProcess {
  readonly child: ChildProcess;
  readonly stdin: Writable | null;
  readonly stdout: Readable;
  readonly stderr: Readable;
  /** The leader's pid, which is also the process group's id; -1 when it did not start. */
  readonly pid: number;
  /**
   * Resolves once the leader exited and its stdout and stderr closed. Not the child's "close":
   * that one also waits for fd 3, which the watcher holds until the group is killed.
   */
  readonly closed: Promise<void>;
  readonly sandboxed: boolean;
  /** SIGTERM to the command's processes, then SIGKILL to all after `graceMs`; resolves at its end. */
  stop(graceMs: number): Promise<void>;
  /** SIGKILL to its group at once, and to the processes that left it once found (/proc). */
  kill(): Promise<void>;
  /** Closes kern's ends of the pipes (after the end; the watcher then ends what is left). */
  release(): void;
}

/** Whether `program` can be run: a path, or a name on `searchPath` (Node's own ENOENT otherwise). */
function findProgram(program: string, cwd: string, searchPath: string): boolean {
  const runnable = (path: string) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  };
  if (program.includes("/")) return runnable(isAbsolute(program) ? program : resolve(cwd, program));
  return searchPath.split(delimiter).some((dir) => dir !== "" && runnable(join(dir, program)));
}

const VARIABLE_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

function enoent(program: string): NodeJS.ErrnoException {
  const error: NodeJS.ErrnoException = new Error(`spawn ${program} ENOENT`);
  error.code = "ENOENT";
  return error;
}

/** Starts the command; throws ENOENT (as spawn would report it) when the program is not found. */
export function spawnContained(options: ContainedSpawnOptions): ContainedProcess {
  const [program = ""] = options.argv;
  if (options.env && !findProgram(program, options.cwd, options.env["PATH"] ?? ""))
    throw enoent(program);
  const bwrap = options.confine === false ? null : options.sandbox.bwrap;
  const tag = bwrap ? "" : createShortId("t");
  // Only an inherited environment is cut: one given (an MCP server's `env`) is what its entry asks.
  const hide = options.env
    ? []
    : [...options.sandbox.hiddenVariables].filter((name) => VARIABLE_NAME.test(name));
  const wrapped = [
    "--norc",
    "-c",
    WATCH_WRAPPER,
    options.label,
    tag,
    hide.join(" "),
    ...options.argv,
  ];
  // Inside, paths are the real ones: a symlink to the folder may sit in the hidden home.
  const inside = bwrap ? bwrapArguments(bwrap.policy, realPath(options.cwd)) : [];
  const [command, args] = bwrap
    ? [bwrap.path, [...inside, "--", "bash", ...wrapped]]
    : ["bash", wrapped];
  const child = spawn(command, args, {
    cwd: options.cwd,
    ...(options.env ? { env: options.env } : {}),
    detached: true,
    stdio: [options.stdin, "pipe", "pipe", "pipe"],
  });
  const watch = child.stdio[3] as Socket | null;
  watch?.unref(); // never keeps the daemon alive; its end closing is the watcher's signal
  return containedProcess(child, watch, tag, bwrap !== null);
}

function terminateOne(pid: number): void {
  try {
    process.kill(pid, "SIGTERM");
  } catch {
    // it ended meanwhile
  }
}

function containedProcess(
  child: ChildProcess,
  watch: Socket | null,
  tag: string,
  sandboxed: boolean,
): ContainedProcess {
  const pid = child.pid ?? -1;
  const exited = new Promise<void>((done) => {
    if (child.pid === undefined) return done();
    child.once("exit", () => done());
    child.once("error", () => done());
  });
  const streamClosed = (stream: Readable | null) =>
    new Promise<void>((done) => (stream && !stream.closed ? stream.once("close", done) : done()));
  const closed = Promise.all([exited, streamClosed(child.stdout), streamClosed(child.stderr)]).then(
    () => undefined,
  );
  const kill = async () => {
    if (pid > 0) signalGroup(pid, "SIGKILL");
    if (tag) await signalTagged(tag, "SIGKILL");
  };
  const terminate = () => {
    if (pid <= 0) return;
    // bwrap itself dies of SIGTERM and would take the namespace down at once: spare it the TERM.
    if (sandboxed) for (const member of groupMembers(pid)) if (member !== pid) terminateOne(member);
    if (!sandboxed) signalGroup(pid, "SIGTERM");
    if (tag) void signalTagged(tag, "SIGTERM");
  };
  return {
    child,
    stdin: child.stdin,
    stdout: child.stdout as Readable,
    stderr: child.stderr as Readable,
    pid,
    sandboxed,
    closed,
    async stop(graceMs) {
      if (child.exitCode === null && child.signalCode === null) {
        terminate();
        let timer: NodeJS.Timeout | undefined;
        await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, graceMs)))]);
        clearTimeout(timer);
      }
      await kill();
      await exited;
    },
    kill,
    release() {
      child.stdin?.destroy();
      child.stdout?.destroy();
      child.stderr?.destroy();
      watch?.destroy();
    },
  };
}
