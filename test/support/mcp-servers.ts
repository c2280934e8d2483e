// MCP servers for tests: the reference `server-everything` (stdio, or streamable HTTP on a free
// 127.0.0.1 port) and `server-filesystem`, run with this node, never npx, and three broken ones.
import { type ChildProcess, spawn } from "node:child_process";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { dirname, join } from "node:path";
import { expect } from "vitest";
import type { McpListView, StreamEvent } from "../../src/protocol/index.js";
import { kernProcess } from "./kern-process.js";

const require = createRequire(import.meta.url);

/** The reference server's entry point (its package's `bin`). */
export const EVERYTHING_BIN = join(
  dirname(require.resolve("@modelcontextprotocol/server-everything/package.json")),
  "dist/index.js",
);

/** `mcpServers` entry for server-everything over stdio. */
export function everythingStdio(extra: Record<string, unknown> = {}) {
  return { command: process.execPath, args: [EVERYTHING_BIN, "stdio"], ...extra };
}

/** The reference `server-filesystem`'s entry point, confined by itself to the folders it is given. */
const FILESYSTEM_BIN = join(
  dirname(require.resolve("@modelcontextprotocol/server-filesystem/package.json")),
  "dist/index.js",
);

/** `mcpServers` entry for server-filesystem over stdio, allowed into `folder` only. */
export function filesystemStdio(folder: string) {
  return { command: process.execPath, args: [FILESYSTEM_BIN, folder] };
}

/** The three ways a server fails to start (issue 27, Must show 2). */
export function brokenServers(startTimeoutMs: number) {
  return {
    missing: { command: "/nonexistent/kern-test-no-such-mcp-server", startTimeoutMs },
    exits: {
      command: process.execPath,
      args: ["-e", "console.error('fatal: GITHUB_TOKEN is not set'); process.exit(3)"],
      startTimeoutMs,
    },
    hangs: {
      command: process.execPath,
      args: ["-e", "setInterval(() => {}, 1000)"],
      startTimeoutMs,
    },
  };
}

export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === "string") throw new Error("no port");
  return address.port;
}

export interface HttpEverything {
  url: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/**
 * server-everything in its streamable HTTP mode (it reads PORT), ready when it says so; on a free
 * port, or on `port` (the same server started again after a stop).
 */
export async function startEverythingHttp(port?: number): Promise<HttpEverything> {
  port ??= await freePort();
  const child = spawn(process.execPath, [EVERYTHING_BIN, "streamableHttp"], {
    env: { PATH: process.env["PATH"] ?? "", PORT: String(port) },
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no listen line: ${stderr}`)), 30_000);
    child.stderr?.on("data", (chunk: Buffer) => {
      stderr += String(chunk);
      if (stderr.includes("listening on port")) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`server-everything exited ${code}: ${stderr}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}/mcp`,
    child,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGKILL");
      await exited;
    },
  };
}

/** The first tool result of a turn's events, or null. */
export function toolResult(events: StreamEvent[]) {
  const result = events.find((event) => event.type === "tool-result");
  return result?.type === "tool-result" ? result : null;
}

/** `kern mcp list DIR --json`, which must succeed. */
export async function mcpList(dir: string): Promise<McpListView> {
  const listed = await kernProcess(["mcp", "list", dir, "--json"]);
  expect(listed.code, listed.stderr).toBe(0);
  return JSON.parse(listed.stdout) as McpListView;
}
