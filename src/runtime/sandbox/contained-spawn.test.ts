// The one spawn helper against the real bubblewrap and without it: a stop's SIGTERM reaches the
// command (not bwrap, which would take the namespace down at once), SIGKILL follows for what
// ignores it, and a child that left the group with setsid is ended too.
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { processesRunning, requireBwrap } from "../../../test/support/bwrap.js";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { waitUntil } from "../../../test/support/test-daemon.js";
import { type ContainedProcess, spawnContained } from "./contained-spawn.js";
import { NO_SANDBOX, type Sandbox } from "./sandbox.js";
import { openSandbox } from "./sandbox-setup.js";

const temp: Array<{ cleanup: () => void }> = [];
const started: ContainedProcess[] = [];
afterEach(async () => {
  for (const child of started.splice(0)) {
    await child.kill();
    child.release();
  }
  for (const dir of temp.splice(0)) dir.cleanup();
});

function agentDir(): string {
  const dir = makeTempDir("kern-contained-");
  temp.push(dir);
  mkdirSync(join(dir.path, "agent", ".kern"), { recursive: true });
  return join(dir.path, "agent");
}

function sandboxFor(dir: string): Sandbox {
  return openSandbox({
    sandbox: "bwrap",
    sandboxNetwork: true,
    sandboxPaths: {},
    agentDir: dir,
    home: join(dir, "..", "home"),
    secrets: {
      named: [{ name: "KERN_TEST_SECRET", value: "hidden-value-123" }],
      apiKey: null,
      authToken: null,
      telegramToken: null,
      mcpServers: {},
      lookup: () => null,
    },
  });
}

function run(dir: string, sandbox: Sandbox, command: string, env?: NodeJS.ProcessEnv) {
  const child = spawnContained({
    argv: ["bash", "-c", command],
    cwd: dir,
    stdin: "ignore",
    label: "kern-test",
    sandbox,
    ...(env ? { env } : {}),
  });
  started.push(child);
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => {
    output += String(chunk);
  });
  return { child, output: () => output };
}

describe.each([
  ["inside bubblewrap", true],
  ["unconfined", false],
])("spawnContained, %s", (_name, sandboxed) => {
  beforeAll(() => requireBwrap());
  const sandboxOf = (dir: string) => (sandboxed ? sandboxFor(dir) : NO_SANDBOX);

  it("stops with SIGTERM to the command first, then SIGKILL to what ignores it", async () => {
    const dir = agentDir();
    const marker = `sleep 71${sandboxed ? 1 : 2}`;
    const { child } = run(
      dir,
      sandboxOf(dir),
      `(trap '' TERM; ${marker}1) & trap 'echo term > got-term; exit 0' TERM; ${marker}2 & wait`,
    );
    await waitUntil(() => processesRunning(marker).length === 2, "both sleeps to run");
    expect(child.sandboxed).toBe(sandboxed);
    await child.stop(500);
    expect(readFileSync(join(dir, "got-term"), "utf8")).toBe("term\n");
    await waitUntil(() => processesRunning(marker).length === 0, "every sleep to end", 5_000);
    expect(processesRunning(marker)).toEqual([]);
  });

  it("ends a child that called setsid when it is killed", async () => {
    const dir = agentDir();
    const marker = `sleep 72${sandboxed ? 1 : 2}`;
    const { child } = run(dir, sandboxOf(dir), `setsid ${marker}1 & ${marker}2`);
    await waitUntil(() => processesRunning(marker).length === 2, "both sleeps to run");
    await child.kill();
    await waitUntil(() => processesRunning(marker).length === 0, "every sleep to end", 5_000);
    expect(processesRunning(marker)).toEqual([]);
  });

  it("keeps kern's secret variables out of an inherited environment, not out of a given one", async () => {
    const dir = agentDir();
    const hidden = { ...NO_SANDBOX, hiddenVariables: new Set(["KERN_TEST_SECRET"]) };
    const sandbox = sandboxed ? sandboxFor(dir) : hidden;
    process.env["KERN_TEST_SECRET"] = "hidden-value-123"; // as if the daemon was started with it
    try {
      const inherited = run(dir, sandbox, 'echo "[$KERN_TEST_SECRET]"');
      await inherited.child.closed;
      expect(inherited.output()).toBe("[]\n");
    } finally {
      delete process.env["KERN_TEST_SECRET"];
    }
    // An MCP entry's own `env` asks for the variable: it gets it.
    const env = { PATH: process.env["PATH"] ?? "", KERN_TEST_SECRET: "given-value-456" };
    const given = run(dir, sandbox, 'echo "[$KERN_TEST_SECRET]"', env);
    await given.child.closed;
    expect(given.output()).toBe("[given-value-456]\n");
  });
});

describe("spawnContained's start", () => {
  it("throws ENOENT for a program that is not there, as spawn reports it", () => {
    const dir = agentDir();
    expect(() =>
      spawnContained({
        argv: ["/nonexistent/kern-test-program"],
        cwd: dir,
        env: { PATH: "/usr/bin" },
        stdin: "pipe",
        label: "kern-test",
        sandbox: NO_SANDBOX,
      }),
    ).toThrow(/ENOENT/);
    expect(existsSync(join(dir, ".kern"))).toBe(true);
  });
});
