// Issue 49, Must show 4 (item 8): after `kern stop` and after kill -9 of the daemon, no process of
// an MCP stdio server's tree is left — a server whose child stays in its group, one whose child
// calls setsid, one that (with its child) ignores SIGTERM; all three ignore the end of their
// input. Inside bubblewrap and unconfined (`sandbox: "off"`), against real daemon processes.
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { updateConfigFile } from "../../src/config/index.js";
import { processesHolding, requireBwrap } from "../support/bwrap.js";
import { kernProcess } from "../support/kern-process.js";
import { startLiveDaemon } from "../support/live-daemon.js";
import { isAlive, useProcessAgent } from "../support/process-agent.js";
import { waitUntil } from "../support/test-daemon.js";

const SERVER = fileURLToPath(new URL("../fixtures/mcp/tree-server.mjs", import.meta.url));
const MODES = ["fork", "setsid", "stubborn"] as const;

/** Each server's and child's command line holds its marker: `kern-tree-<setting>-<mode>-<n>`. */
function markers(setting: string, round: number): Record<(typeof MODES)[number], string> {
  const marker = (mode: string) => `kern-tree-${setting}-${mode}-${round}`;
  return { fork: marker("fork"), setsid: marker("setsid"), stubborn: marker("stubborn") };
}

function servers(names: Record<string, string>) {
  return Object.fromEntries(
    Object.entries(names).map(([mode, marker]) => [
      mode,
      { command: process.execPath, args: [SERVER, mode, marker], startTimeoutMs: 20_000 },
    ]),
  );
}

/** Every marker's server and child, alive. */
function treesRunning(names: Record<string, string>): boolean {
  return Object.values(names).every(
    (marker) =>
      processesHolding(`${SERVER} `).some((line) => line.includes(marker)) &&
      processesHolding(`${marker}-child`).length > 0,
  );
}

function leftOf(names: Record<string, string>): string[] {
  return Object.values(names).flatMap((marker) => processesHolding(marker));
}

describe.each(["bwrap", "off"] as const)(
  "MCP server trees, sandbox %s (issue 49, Must show 4)",
  (setting) => {
    beforeAll(() => {
      if (setting === "bwrap") requireBwrap();
    });
    const agent = useProcessAgent(`kern-mcp-tree-${setting}-`);

    async function startWith(names: Record<string, string>) {
      await updateConfigFile(agent.dir, { sandbox: setting, mcpServers: servers(names) });
      const daemon = await startLiveDaemon(agent.dir);
      await waitUntil(() => treesRunning(names), "every server and its child to run", 30_000);
      return daemon;
    }

    it("leaves no process of any server's tree after kern stop", async () => {
      const names = markers(setting, 1);
      await startWith(names);
      const stopped = await kernProcess(["stop", agent.dir]);
      expect(stopped.code, stopped.stderr).toBe(0);
      await waitUntil(() => leftOf(names).length === 0, "every tree to end", 10_000);
      expect(leftOf(names)).toEqual([]);
    }, 120_000);

    it("leaves no process of any server's tree after kill -9 of the daemon", async () => {
      const names = markers(setting, 2);
      const daemon = await startWith(names);
      process.kill(daemon.pid, "SIGKILL");
      await waitUntil(() => !isAlive(daemon.pid), "the daemon to die", 10_000);
      await waitUntil(() => leftOf(names).length === 0, "every tree to end", 10_000);
      expect(leftOf(names)).toEqual([]);
    }, 120_000);
  },
);
