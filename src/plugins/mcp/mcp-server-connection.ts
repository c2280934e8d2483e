// One configured MCP server for the daemon's life: started in the background, its tools listed,
// calls made with a timeout and the turn's signal, restarted with bounded backoff after a crash or
// a failed start, and reported (state, tools, last error with the stderr tail). Never throws at
// the daemon: a server that cannot start is a state, not an exception.
import type { ResolvedMcpServer } from "../../config/index.js";
import {
  type Clock,
  createRedactor,
  describeError,
  type KernError,
  type NamedSecret,
  type Redact,
  SYSTEM_CLOCK,
} from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";
import type { McpServerState, McpServerView } from "../../protocol/index.js";
import type { ToolScope } from "../../runtime/index.js";
import { NO_SANDBOX, type Sandbox } from "../../runtime/index.js";
import type { CoalescedRun } from "./coalesced-run.js";
import { listMcpTools, type McpRemoteTool } from "./list-mcp-tools.js";
import { mcpError } from "./mcp-errors.js";
import { createRelists } from "./mcp-relists.js";
import { type McpMappedResult, mapMcpResult } from "./mcp-result.js";
import type { McpServerHandle } from "./mcp-server-handle.js";
import { sessionLoss } from "./mcp-session-loss.js";
import type { McpSession } from "./mcp-transport.js";
import { secretValuesOf } from "./redact-secrets.js";
import { TextTail } from "./text-tail.js";

export type McpServerStatus = McpServerView;

export interface McpBackoff {
  initialMs: number;
  maxMs: number;
  /** Failed starts in a row before kern gives up on a stdio server until the daemon restarts. */
  maxAttempts: number;
  /** A server up this long has its failure count reset. */
  stableMs: number;
  /** An HTTP server is tried every maxMs past maxAttempts (default true; not for a probe). */
  retryHttpForever?: boolean;
}

const DEFAULT_MCP_BACKOFF: McpBackoff = {
  initialMs: 1_000,
  maxMs: 30_000,
  maxAttempts: 6,
  stableMs: 60_000,
};

export interface McpServerConnectionOptions {
  name: string;
  server: ResolvedMcpServer;
  agentDir: string;
  version: string;
  logger: Logger;
  clock?: Clock;
  backoff?: McpBackoff;
  /** Where a stdio server runs (SPEC §16); absent: unconfined. */
  sandbox?: Sandbox;
  /** The config's secrets, kept out of reports beside the server's own (SPEC §16). */
  secrets?: readonly NamedSecret[];
}

export class McpServerConnection implements McpServerHandle {
  private state: McpServerState = "stopped";
  private session: McpSession | null = null;
  private remoteTools: McpRemoteTool[] = [];
  private lastError: string | null = null;
  private failures = 0;
  private readySince = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private opening: AbortController | null = null;
  private openDone: Promise<void> = Promise.resolve();
  private stopped = false;
  private waiters: Array<() => void> = [];
  private relists: CoalescedRun | null = null;
  private readonly stderr = new TextTail();
  private readonly redact: Redact;
  private readonly backoff: McpBackoff;
  private readonly clock: Clock;

  constructor(private readonly options: McpServerConnectionOptions) {
    // The config's names first: `[redacted GITHUB_TOKEN]` says where the value lives.
    this.redact = createRedactor([...(options.secrets ?? []), ...secretValuesOf(options.server)]);
    this.backoff = options.backoff ?? DEFAULT_MCP_BACKOFF;
    this.clock = options.clock ?? SYSTEM_CLOCK;
  }

  get name(): string {
    return this.options.name;
  }

  get toolScope(): ToolScope {
    return this.options.server.toolScope;
  }

  /** Starts in the background; returns at once. */
  start(): void {
    if (this.stopped || this.opening) return;
    const { missing } = this.options.server;
    if (missing.length > 0) {
      this.state = "failed";
      this.lastError = `${missing.map((name) => `\${${name}}`).join(", ")} not set: add ${missing.join(", ")} to .kern/.env and restart the daemon`;
      return;
    }
    this.state = "starting";
    const controller = new AbortController();
    this.opening = controller;
    this.openDone = this.open(controller).finally(() => {
      if (this.opening === controller) this.opening = null;
    });
  }

  /** Resolves once the current start has ended: ready, failed or stopped (`kern mcp test`). */
  settled(): Promise<McpServerStatus> {
    if (this.state !== "starting") return Promise.resolve(this.status());
    return new Promise((resolve) => this.waiters.push(() => resolve(this.status())));
  }

  private settle(): void {
    const waiters = this.waiters.splice(0);
    for (const waiter of waiters) waiter();
  }

  /** The tools the model may call: while a server restarts, those it had (a call says it is down). */
  tools(): readonly McpRemoteTool[] {
    return this.remoteTools;
  }

  status(): McpServerStatus {
    return {
      name: this.name,
      state: this.state,
      transport: this.session?.kind ?? null,
      toolScope: this.toolScope,
      tools: this.remoteTools.map((tool) => ({ name: tool.name, description: tool.description })),
      error: this.lastError,
      failures: this.failures,
      retrying: this.retryTimer !== null,
    };
  }

  /**
   * Calls a tool by its name on the server; throws KernError when the server is down or slow. An
   * HTTP session the server has forgotten (it restarted) is replaced by a new one and the call,
   * which the server refused unrun, sent once more (issue 48 item 7).
   */
  async call(remoteName: string, args: unknown, signal: AbortSignal): Promise<McpMappedResult> {
    const session = await this.readySession(signal);
    try {
      return await this.callOn(session, remoteName, args, signal);
    } catch (error) {
      if (signal.aborted) throw error;
      const loss = session.kind === "stdio" ? null : sessionLoss(error);
      if (!loss) throw this.callError(error, remoteName);
      this.lost(session, loss.reason);
      if (!loss.retry) throw this.callError(error, remoteName);
      const fresh = await this.readySession(signal);
      try {
        return await this.callOn(fresh, remoteName, args, signal);
      } catch (again) {
        if (signal.aborted) throw again;
        const second = sessionLoss(again);
        if (second) this.lost(fresh, second.reason);
        throw this.callError(again, remoteName);
      }
    }
  }

  private async callOn(
    session: McpSession,
    remoteName: string,
    args: unknown,
    signal: AbortSignal,
  ): Promise<McpMappedResult> {
    const argumentsObject = (args ?? {}) as Record<string, unknown>;
    const result = await session.client.callTool(
      { name: remoteName, arguments: argumentsObject },
      undefined,
      { signal, timeout: this.options.server.timeoutMs },
    );
    return mapMcpResult(result);
  }

  private callError(error: unknown, remoteName: string): KernError {
    const text = this.redact(describeError(error));
    if (/timed? ?out/i.test(text))
      return mcpError(
        "KERN_MCP_TIMEOUT",
        `MCP server "${this.name}" did not answer ${remoteName} within ${this.options.server.timeoutMs} ms; raise mcpServers.${this.name}.timeoutMs if it needs longer`,
      );
    return mcpError("KERN_MCP_UNAVAILABLE", `MCP server "${this.name}": ${text}`);
  }

  /**
   * The session a call goes to: the ready one; else, for an HTTP server that failed, a new one
   * opened now rather than at the next backoff step (a call is what the person is waiting for);
   * a start under way is waited for (it is bounded by startTimeoutMs).
   */
  private async readySession(signal: AbortSignal): Promise<McpSession> {
    if (this.session && this.state === "ready") return this.session;
    if (this.state === "failed" && !("command" in this.options.server)) this.reconnectNow();
    if (this.state === "starting") await untilSettledOrAborted(this.settled(), signal);
    if (this.session && this.state === "ready") return this.session;
    const why = this.lastError ? `: ${this.lastError}` : "";
    throw mcpError(
      "KERN_MCP_UNAVAILABLE",
      `MCP server "${this.name}" is ${this.state}${why}. kern restarts it by itself; try again later or see 'kern mcp list'`,
    );
  }

  private reconnectNow(): void {
    if (this.stopped || this.opening || this.options.server.missing.length > 0) return;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.start();
  }

  /** Closes the session and the child process; no restart after this. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.state = "stopped";
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.opening?.abort();
    this.relists?.stop();
    const session = this.session;
    this.session = null;
    this.settle();
    if (session) await closeQuietly(session);
    await this.openDone;
  }

  private async open(controller: AbortController): Promise<void> {
    const { server, name } = this.options;
    const limit = setTimeout(() => controller.abort(), server.startTimeoutMs);
    this.stderr.clear();
    let session: McpSession | null = null;
    try {
      // Loaded on the first connection: the SDK costs ~100 ms of start-up to daemons without MCP.
      const { openMcpSession, onToolListChanged } = await import("./mcp-transport.js");
      session = await openMcpSession({
        server,
        agentDir: this.options.agentDir,
        version: this.options.version,
        stderr: this.stderr,
        signal: controller.signal,
        sandbox: this.options.sandbox ?? NO_SANDBOX,
      });
      const tools = await listMcpTools(session.client, name, {
        signal: controller.signal,
        timeout: server.startTimeoutMs,
      });
      if (this.stopped) {
        await closeQuietly(session);
        return;
      }
      this.ready(session, tools);
      const opened = session;
      const relists = this.relistsOf(opened);
      onToolListChanged(opened, () => relists.request());
    } catch (error) {
      if (session) await closeQuietly(session);
      if (this.stopped) return;
      const timedOut = controller.signal.aborted;
      this.failed(
        timedOut ? `did not start within ${server.startTimeoutMs} ms` : describeError(error),
      );
    } finally {
      clearTimeout(limit);
    }
  }

  private ready(session: McpSession, tools: McpRemoteTool[]): void {
    this.session = session;
    this.remoteTools = tools;
    this.state = "ready";
    this.lastError = null;
    this.readySince = this.clock.now();
    session.client.onclose = () => this.closed(session);
    // The SDK reports a forgotten or unreachable HTTP session here (its notification stream
    // could not be reopened) and keeps it: drop it, so the status says so and a new one opens.
    if (session.kind !== "stdio")
      session.client.onerror = (error) => {
        const loss = sessionLoss(error);
        if (loss) this.lost(session, loss.reason);
      };
    this.options.logger.info(
      { server: this.name, transport: session.kind, tools: tools.length },
      "mcp server ready",
    );
    this.settle();
  }

  /** Coalesced re-listing of this session's tools on list_changed (mcp-relists.ts). */
  private relistsOf(session: McpSession): CoalescedRun {
    this.relists?.stop();
    this.relists = createRelists({
      session,
      server: this.name,
      logger: this.options.logger,
      clock: this.clock,
      timeoutMs: this.options.server.startTimeoutMs,
      redact: this.redact,
      onTools: (tools) => {
        if (this.session === session) this.remoteTools = tools;
      },
    });
    return this.relists;
  }

  /** An HTTP session gone for good: reported failed, closed, a new one opened with backoff. */
  private lost(session: McpSession, reason: string): void {
    // Closed after the current tick: the call whose answer told of the loss gets that answer
    // (safe to send again), not the "Connection closed" a close would give every pending call.
    if (!this.drop(session)) return;
    setImmediate(() => void closeQuietly(session));
    this.failed(reason);
  }

  private closed(session: McpSession): void {
    if (this.drop(session)) this.failed("the server closed the connection (it exited or crashed)");
  }

  /** Forgets `session` if it is the current one (true); a server up long enough starts afresh. */
  private drop(session: McpSession): boolean {
    if (this.stopped || this.session !== session) return false;
    this.session = null;
    this.relists?.stop();
    if (this.clock.now() - this.readySince >= this.backoff.stableMs) this.failures = 0;
    return true;
  }

  private failed(reason: string): void {
    this.failures += 1;
    this.state = "failed";
    const tail = this.stderr.lines();
    // An HTTP server has no process of kern's to crash-loop: it is tried every maxMs for as long
    // as it is down (a deploy may take minutes), never given up on.
    const forever = this.backoff.retryHttpForever !== false && !("command" in this.options.server);
    const giveUp = this.failures >= this.backoff.maxAttempts && !forever;
    const prefix = giveUp ? `gave up after ${this.failures} failed starts: ` : "";
    this.lastError = this.redact(`${prefix}${reason}${tail ? `\nstderr:\n${tail}` : ""}`);
    this.options.logger.warn({ server: this.name, error: this.lastError }, "mcp server failed");
    if (giveUp) {
      this.remoteTools = [];
      this.settle();
      return;
    }
    const delay = Math.min(this.backoff.maxMs, this.backoff.initialMs * 2 ** (this.failures - 1));
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.start();
    }, delay);
    this.settle();
  }
}

/** Resolves when `settled` does or `signal` aborts (the turn was stopped while the server starts). */
function untilSettledOrAborted(settled: Promise<unknown>, signal: AbortSignal): Promise<unknown> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = () => resolve(undefined);
    signal.addEventListener("abort", onAbort, { once: true });
    void settled.then((value) => {
      signal.removeEventListener("abort", onAbort);
      resolve(value);
    });
  });
}

async function closeQuietly(session: McpSession): Promise<void> {
  try {
    await session.client.close();
  } catch {
    // the transport is already gone: nothing left to close
  }
}
