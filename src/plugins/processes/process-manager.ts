// Background commands (SPEC §13): `bash` with `background: true` starts one here and returns at
// once. Each runs like the bash tool's (sandbox/contained-spawn.ts: in the sandbox when there is
// one, its own process group, nothing of it outliving a kill -9 of the daemon), output captured
// bounded, a record in .kern/processes.json while it runs. Its end (exit code, output tail) goes
// to `onEnd`.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  type Clock,
  createShortId,
  isoNow,
  KernError,
  type Origin,
  type TurnKind,
} from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { ProcessRow } from "../../protocol/index.js";
import {
  bashArgv,
  type ContainedProcess,
  HourlyLimit,
  NO_SANDBOX,
  type Sandbox,
  spawnContained,
} from "../../runtime/index.js";
import { OutputCapture } from "./output-capture.js";
import { processStartTicks } from "./process-identity.js";
import { type ProcessRecord, ProcessRecordFile } from "./process-records.js";

export type ProcessState = ProcessRow["state"];
export type ReplyRoute = NonNullable<ProcessRecord["replyTo"]>;
export type ProcessView = ProcessRow;

/** Where a command's end goes and as whom: the turn that started it (issue 49 item 5). */
export interface ProcessChain {
  replyTo?: ReplyRoute;
  /** Who started the work (SPEC §16): the end's turn keeps that person's rights. */
  origin?: Origin;
  /** The starting turn's depth: the end's turn runs at it. */
  depth?: number;
}

export interface ProcessEnd extends ProcessChain {
  view: ProcessView;
  tail: string;
}

export interface ProcessManagerOptions {
  /** Where output files go (.kern/processes/). */
  dir: string;
  /** The record of running groups (.kern/processes.json). */
  recordFile: string;
  clock: Clock;
  logger: Logger;
  maxRunning: number;
  /** Between SIGTERM and SIGKILL when a command is stopped. */
  graceMs?: number;
  /** Where commands run (absent: unconfined, as in tests). */
  sandbox?: Sandbox;
  onEnd: (end: ProcessEnd) => void;
}

interface Entry {
  view: ProcessView;
  child: ContainedProcess;
  output: OutputCapture;
  chain: ProcessChain;
  stopRequested: boolean;
  ended: Promise<void>;
}

const OUTPUT_FILE_CAP = 1_000_000;
const TAIL_CHARS = 16_000;
const DRAIN_MS = 200;
/** Ended commands kept for `processes list` / `output`. */
const KEEP_ENDED = 20;
/**
 * Background commands unattended turns (a job, the heartbeat, a result turn, a command's end) may
 * start per hour (HourlyLimit): a command's end that starts another makes a chain (issue 49 item
 * 5: 230 command turns in 60 s). A person's own turns are not counted.
 */
export const UNATTENDED_COMMANDS_PER_HOUR = 30;

export class ProcessManager {
  private readonly entries = new Map<string, Entry>();
  private readonly records: ProcessRecordFile;
  private shuttingDown = false;
  private readonly unattendedStarts: HourlyLimit;

  constructor(private readonly options: ProcessManagerOptions) {
    mkdirSync(options.dir, { recursive: true, mode: 0o700 });
    this.records = new ProcessRecordFile(options.recordFile);
    this.unattendedStarts = new HourlyLimit({
      what: "background commands",
      perHour: UNATTENDED_COMMANDS_PER_HOUR,
      clock: options.clock,
      logger: options.logger,
      instead: "run it in the foreground (bash without background) or leave it for the user",
    });
  }

  /** The records the last run left (running when it died). The caller ends and reports them. */
  leftovers(): ProcessRecord[] {
    const left = this.records.readLeftovers();
    this.records.clear();
    return left;
  }

  running(): ProcessView[] {
    return this.list().filter((view) => view.state === "running");
  }

  list(): ProcessView[] {
    return [...this.entries.values()].map((entry) => ({
      ...entry.view,
      outputBytes: entry.output.bytes,
    }));
  }

  /** The view and the last `chars` characters of output, or null for an unknown id. */
  output(id: string, chars = 4000): { view: ProcessView; text: string; truncated: boolean } | null {
    const entry = this.entries.get(id);
    if (!entry) return null;
    const text = entry.output.tail(chars);
    return {
      view: { ...entry.view, outputBytes: entry.output.bytes },
      text,
      truncated: entry.output.bytes > text.length,
    };
  }

  /** `kind`: the starting turn's (an unattended one counts against the hourly limit). */
  start(options: { command: string; cwd: string; kind?: TurnKind } & ProcessChain): ProcessView {
    this.checkCanStart(options.kind);
    const id = createShortId("p");
    const output = new OutputCapture(
      join(this.options.dir, `${id}.log`),
      OUTPUT_FILE_CAP,
      TAIL_CHARS,
    );
    const child = spawnContained({
      argv: bashArgv(options.command),
      cwd: options.cwd,
      stdin: "ignore",
      label: "kern-bg",
      sandbox: this.options.sandbox ?? NO_SANDBOX,
    });
    const pid = child.pid;
    const view: ProcessView = {
      id,
      command: options.command,
      state: "running",
      pid,
      startedAt: isoNow(this.options.clock),
      endedAt: null,
      exitCode: null,
      signal: null,
      outputBytes: 0,
    };
    const entry: Entry = {
      view,
      child,
      output,
      stopRequested: false,
      ended: Promise.resolve(),
      chain: {
        ...(options.replyTo ? { replyTo: options.replyTo } : {}),
        ...(options.origin ? { origin: options.origin } : {}),
        ...(options.depth !== undefined ? { depth: options.depth } : {}),
      },
    };
    entry.ended = this.watch(entry);
    this.entries.set(id, entry);
    if (pid > 0)
      this.records.add({
        id,
        command: options.command,
        pid,
        pgid: pid,
        startTicks: processStartTicks(pid),
        startedAt: view.startedAt,
        outputFile: output.file,
        ...(options.replyTo ? { replyTo: options.replyTo } : {}),
      });
    this.forgetOldEnded();
    return { ...view };
  }

  /** Throws KERN_UNAVAILABLE / KERN_TOOL_FAILED when no command may start now, saying why. */
  private checkCanStart(kind: TurnKind | undefined): void {
    if (this.shuttingDown) throw new KernError("KERN_UNAVAILABLE", "the daemon is stopping");
    const running = this.running().length;
    if (running >= this.options.maxRunning)
      throw new KernError(
        "KERN_TOOL_FAILED",
        `${running} background commands run already (maxBackgroundProcesses); stop one with the processes tool first`,
      );
    this.unattendedStarts.take(kind); // last: only a command that starts is counted
  }

  /** SIGTERM to the group, SIGKILL after the grace; resolves once it ended. Null: unknown id. */
  async stop(id: string): Promise<ProcessView | null> {
    const entry = this.entries.get(id);
    if (!entry) return null;
    if (entry.view.state === "running") {
      entry.stopRequested = true;
      await entry.child.stop(this.options.graceMs ?? 1000);
      await entry.ended;
    }
    return { ...entry.view, outputBytes: entry.output.bytes };
  }

  /**
   * Daemon stop: ends every group (SIGTERM, then SIGKILL) without announcing; their records stay,
   * so the next start reports them as interrupted by the stop.
   */
  async stopAll(): Promise<void> {
    this.shuttingDown = true;
    const running = [...this.entries.values()].filter((entry) => entry.view.state === "running");
    await Promise.all(running.map((entry) => this.stop(entry.view.id)));
  }

  private watch(entry: Entry): Promise<void> {
    const { child, output } = entry;
    return new Promise((resolve) => {
      let drain: NodeJS.Timeout | undefined;
      let done = false;
      child.stdout.on("data", (chunk: Buffer) => output.write(chunk));
      child.stderr.on("data", (chunk: Buffer) => output.write(chunk));
      const finish = (code: number | null, signal: string | null, failure?: string) => {
        if (done) return;
        done = true;
        clearTimeout(drain);
        void child.kill(); // the watcher and anything left of the command
        child.release();
        if (failure) output.write(Buffer.from(`failed to start bash: ${failure}\n`));
        output.close();
        this.ended(entry, code, signal, failure !== undefined);
        resolve();
      };
      child.child.on("exit", (code, signal) => {
        drain = setTimeout(() => finish(code, signal), DRAIN_MS);
        void child.closed.then(() => finish(code, signal));
      });
      child.child.on("error", (error) => finish(null, null, error.message));
    });
  }

  private ended(entry: Entry, code: number | null, signal: string | null, failed: boolean): void {
    const state: ProcessState = failed ? "failed" : entry.stopRequested ? "stopped" : "exited";
    entry.view = {
      ...entry.view,
      state,
      endedAt: isoNow(this.options.clock),
      exitCode: code,
      signal,
      outputBytes: entry.output.bytes,
    };
    // A daemon stop keeps the record: the next start says the command was interrupted.
    if (this.shuttingDown) return;
    this.records.remove(entry.view.id);
    this.options.logger.info(
      { process: entry.view.id, state, exitCode: code, signal },
      "background command ended",
    );
    try {
      this.options.onEnd({
        view: { ...entry.view },
        tail: entry.output.tail(2000),
        ...entry.chain,
      });
    } catch (error) {
      this.options.logger.error({ process: entry.view.id, error: String(error) }, "onEnd failed");
    }
  }

  private forgetOldEnded(): void {
    const ended = [...this.entries.values()].filter((entry) => entry.view.state !== "running");
    for (const entry of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED)))
      this.entries.delete(entry.view.id);
  }
}
