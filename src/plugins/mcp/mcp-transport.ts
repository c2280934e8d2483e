// Opens one MCP session with the official SDK: a stdio child (started like every command kern
// runs, in the sandbox unless its entry says otherwise: contained-stdio-transport.ts; stderr kept
// as a tail for reports) or streamable HTTP, falling back to the older SSE transport when the
// server does not speak it.
import { isAbsolute, resolve } from "node:path";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { SSEClientTransport } from "@modelcontextprotocol/sdk/client/sse.js";
import { getDefaultEnvironment } from "@modelcontextprotocol/sdk/client/stdio.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import { ToolListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ResolvedMcpServer } from "../../config/index.js";
import type { McpTransportKind } from "../../protocol/index.js";
import type { Sandbox } from "../../runtime/index.js";
import { ContainedStdioTransport } from "./contained-stdio-transport.js";
import type { TextTail } from "./text-tail.js";

export interface McpSession {
  client: Client;
  transport: Transport;
  kind: McpTransportKind;
}

export interface OpenMcpSessionOptions {
  server: ResolvedMcpServer;
  agentDir: string;
  version: string;
  /** Receives the child's stderr (stdio only). */
  stderr: TextTail;
  /** Aborted by stop: closes whatever is being opened. */
  signal: AbortSignal;
  /** Where a stdio server runs (SPEC §16). */
  sandbox: Sandbox;
}

function newClient(version: string): Client {
  return new Client({ name: "kern", version }, { capabilities: {} });
}

async function connect(
  client: Client,
  transport: Transport,
  options: OpenMcpSessionOptions,
): Promise<void> {
  // One close for both the abort and the failure: the SDK's second close would not wait for the
  // child to exit, and a child left running would outlive the daemon.
  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= transport.close().catch(() => {
      // closing a half-open transport: nothing more to do
    });
    return closing;
  };
  const onAbort = () => void close();
  options.signal.addEventListener("abort", onAbort, { once: true });
  try {
    await client.connect(transport, {
      timeout: options.server.startTimeoutMs,
      signal: options.signal,
    });
  } catch (error) {
    await close();
    throw error;
  } finally {
    options.signal.removeEventListener("abort", onAbort);
  }
}

async function openStdio(
  server: Extract<ResolvedMcpServer, { command: string }>,
  options: OpenMcpSessionOptions,
): Promise<McpSession> {
  const cwd = server.cwd === undefined ? options.agentDir : server.cwd;
  const transport = new ContainedStdioTransport({
    argv: [server.command, ...server.args],
    env: { ...getDefaultEnvironment(), ...server.env },
    cwd: isAbsolute(cwd) ? cwd : resolve(options.agentDir, cwd),
    sandbox: options.sandbox,
    confine: server.sandbox !== false,
    onStderr: (text) => options.stderr.push(text),
  });
  const client = newClient(options.version);
  await connect(client, transport, options);
  return { client, transport, kind: "stdio" };
}

async function openHttp(
  server: Extract<ResolvedMcpServer, { url: string }>,
  options: OpenMcpSessionOptions,
): Promise<McpSession> {
  const url = new URL(server.url);
  const requestInit = { headers: server.headers };
  if (server.transport !== "sse") {
    const client = newClient(options.version);
    const transport = new StreamableHTTPClientTransport(url, { requestInit });
    try {
      await connect(client, transport, options);
      return { client, transport, kind: "streamable-http" };
    } catch (error) {
      if (server.transport === "streamable-http" || options.signal.aborted) throw error;
    }
  }
  const client = newClient(options.version);
  const transport = new SSEClientTransport(url, { requestInit });
  await connect(client, transport, options);
  return { client, transport, kind: "sse" };
}

/** Calls `handler` when the server says its tool list changed. */
export function onToolListChanged(session: McpSession, handler: () => void): void {
  session.client.setNotificationHandler(ToolListChangedNotificationSchema, handler);
}

/** Connects and initializes; throws when the server cannot start or answer in time. */
export function openMcpSession(options: OpenMcpSessionOptions): Promise<McpSession> {
  const { server } = options;
  return "command" in server ? openStdio(server, options) : openHttp(server, options);
}
