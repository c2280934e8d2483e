// The stdio transport of an MCP server, started the way kern starts every command
// (sandbox/contained-spawn.ts): inside the sandbox unless the entry says `"sandbox": false`, in a
// process group of its own, watched so nothing of it outlives the daemon. The SDK's
// StdioClientTransport spawns the child itself with no say in how (no process group, no sandbox,
// and only the child's own pid signalled on close), so this one speaks the same newline-delimited
// JSON-RPC with the SDK's own framing (ReadBuffer, serializeMessage).
import { ReadBuffer, serializeMessage } from "@modelcontextprotocol/sdk/shared/stdio.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { type ContainedProcess, type Sandbox, spawnContained } from "../../runtime/index.js";

export interface ContainedStdioOptions {
  argv: readonly string[];
  cwd: string;
  env: NodeJS.ProcessEnv;
  sandbox: Sandbox;
  /** False: outside the sandbox (the entry's `"sandbox": false`). */
  confine: boolean;
  /** How long close waits after the end of input, and again after SIGTERM (the SDK's 2 s). */
  graceMs?: number;
  onStderr: (text: string) => void;
}

const DEFAULT_GRACE_MS = 2_000;

export class ContainedStdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private process: ContainedProcess | null = null;
  private readonly buffer = new ReadBuffer();
  private closedOnce = false;

  constructor(private readonly options: ContainedStdioOptions) {}

  /** The server's pid (its process group's id), or null before start and after close. */
  get pid(): number | null {
    return this.process?.pid ?? null;
  }

  async start(): Promise<void> {
    if (this.process) throw new Error("the MCP stdio transport is started already");
    const started = spawnContained({
      argv: this.options.argv,
      cwd: this.options.cwd,
      env: this.options.env,
      stdin: "pipe",
      label: "kern-mcp",
      sandbox: this.options.sandbox,
      confine: this.options.confine,
    });
    this.process = started;
    started.stdout.on("data", (chunk: Buffer) => this.receive(chunk));
    started.stderr.on("data", (chunk: Buffer) => this.options.onStderr(String(chunk)));
    started.stdin?.on("error", (error) => this.onerror?.(error));
    started.child.on("error", (error) => this.onerror?.(error));
    // The server ended by itself (a crash, an exit): what it left in its group goes too.
    started.child.once("exit", () => {
      if (this.process !== started) return;
      this.process = null;
      void started.kill();
      started.release();
      this.closed();
    });
    await new Promise<void>((resolve, reject) => {
      started.child.once("spawn", resolve);
      started.child.once("error", reject);
    });
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve, reject) => {
      const stdin = this.process?.stdin;
      if (!stdin) return reject(new Error("Not connected"));
      if (stdin.write(serializeMessage(message))) resolve();
      else stdin.once("drain", resolve);
    });
  }

  /** End of input, then SIGTERM, then SIGKILL to the whole tree; resolves once it is gone. */
  async close(): Promise<void> {
    const started = this.process;
    this.process = null;
    if (started) {
      const grace = this.options.graceMs ?? DEFAULT_GRACE_MS;
      started.stdin?.end();
      let timer: NodeJS.Timeout | undefined;
      const exited = new Promise<void>((done) => {
        if (started.child.exitCode !== null || started.child.signalCode !== null) return done();
        started.child.once("exit", () => done());
      });
      await Promise.race([exited, new Promise((done) => (timer = setTimeout(done, grace)))]);
      clearTimeout(timer);
      await started.stop(grace);
      started.release();
    }
    this.buffer.clear();
    this.closed();
  }

  private receive(chunk: Buffer): void {
    try {
      this.buffer.append(chunk);
    } catch (error) {
      // A line past the SDK's 10 MB bound: the stream cannot be resynchronised.
      this.onerror?.(error as Error);
      void this.close();
      return;
    }
    for (;;) {
      let message: JSONRPCMessage | null;
      try {
        message = this.buffer.readMessage();
      } catch (error) {
        this.onerror?.(error as Error); // one bad line, consumed: read on
        continue;
      }
      if (message === null) return;
      this.onmessage?.(message);
    }
  }

  private closed(): void {
    if (this.closedOnce) return;
    this.closedOnce = true;
    this.onclose?.();
  }
}
