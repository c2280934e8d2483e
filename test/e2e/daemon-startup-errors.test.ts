// Issue 14, Must show 1: a daemon that cannot start says why through `kern start` and
// `kern restart` (its own error, not "see daemon.out"), with the exit code docs/cli.md gives.
import { readFileSync, writeFileSync } from "node:fs";
import { createServer, type Server } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { useProcessAgent } from "../support/process-agent.js";

function listenOnFreePort(): Promise<{ server: Server; port: number }> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      if (address === null || typeof address === "string") throw new Error("no port");
      resolve({ server, port: address.port });
    });
  });
}

describe("start-up errors reach the command that started the daemon", () => {
  const agent = useProcessAgent("kern-startup-");
  const configFile = () => join(agent.dir, ".kern", "config.json");

  it("a bad config value: start and restart print key, value and fix, and exit 3", async () => {
    const good = readFileSync(configFile(), "utf8");
    writeFileSync(configFile(), JSON.stringify({ ...JSON.parse(good), port: "x" }));
    for (const command of ["start", "restart"]) {
      const result = await kernProcess([command, agent.dir]);
      expect(result.code, `${command}: ${result.stderr}`).toBe(3);
      expect(result.stderr).toContain('port = "x"');
      expect(result.stderr).toContain("export KERN_PORT");
      expect(result.stderr).not.toContain("daemon.out");
    }
    writeFileSync(configFile(), good);
  }, 60_000);

  it("a port taken by another process: the message names the port, port and KERN_PORT", async () => {
    const { server, port } = await listenOnFreePort();
    try {
      const good = readFileSync(configFile(), "utf8");
      writeFileSync(configFile(), JSON.stringify({ ...JSON.parse(good), port }));
      const result = await kernProcess(["start", agent.dir]);
      expect(result.code, result.stderr).toBe(1);
      expect(result.stderr).toContain(`port ${port} on 127.0.0.1 is already in use`);
      expect(result.stderr).toContain('"port" in .kern/config.json');
      expect(result.stderr).toContain("KERN_PORT");
      expect(result.stderr).not.toContain("EADDRINUSE");
      const status = await kernProcess(["status", agent.dir, "--json"]);
      expect(JSON.parse(status.stdout)).toMatchObject({ running: false });
      writeFileSync(configFile(), good);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const started = await kernProcess(["start", agent.dir]);
    expect(started.code, started.stderr).toBe(0);
  }, 60_000);
});
