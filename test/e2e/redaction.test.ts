// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is config.json syntax here, not a template
// Issue 46, Must show 5: a tool output holding the model API key's value — neither the next model
// request, the session log, kern.log nor the web history (`GET /history`) holds the value; each
// holds `[redacted KERN_API_KEY]` where it was. Against a real daemon (`kern start`): `bash` and
// `read` print a file that holds the key, and an MCP server given the key as `${KERN_API_KEY}`
// fails with it on stderr (the daemon logs and reports that tail).
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { updateConfigFile, updateEnvFile } from "../../src/config/index.js";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon, toolOutput } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { callText, scriptCallsByText } from "../support/scripted-calls.js";
import { turnRequests } from "../support/test-daemon.js";
import { waitFor } from "../support/wait-for.js";

const KEY = "sk-kern-e2e-9c41d7f0a2b3e6";
const REDACTED = "[redacted KERN_API_KEY]";

function filesUnder(dir: string): string {
  return readdirSync(dir, { withFileTypes: true })
    .map((entry) =>
      entry.isDirectory()
        ? filesUnder(join(dir, entry.name))
        : readFileSync(join(dir, entry.name), "utf8"),
    )
    .join("\n");
}

describe("secrets stay out of the history (issue 46, Must show 5)", () => {
  const agent = useProcessAgent("kern-redaction-", async (dir) => {
    await updateEnvFile(join(dir, ".kern", ".env"), { KERN_API_KEY: KEY });
    writeFileSync(join(dir, "copied-key.txt"), `someone pasted the key here: ${KEY}\n`);
    const leak = "console.error('auth failed for token', process.env.LEAK); process.exit(3)";
    await updateConfigFile(dir, {
      toolScope: "full",
      logLevel: "debug",
      mcpServers: {
        leaky: {
          command: process.execPath,
          args: ["-e", leak],
          env: { LEAK: "${KERN_API_KEY}" },
          startTimeoutMs: 5_000,
        },
      },
    });
  });

  it("replaces the key's value in the next model request, the session log, kern.log and /history", async () => {
    scriptCallsByText(agent.llm);
    const daemon = await startLiveDaemon(agent.dir);
    const bash = await runTurn(daemon.client, callText("bash", { command: "cat copied-key.txt" }));
    expect(toolOutput(bash.events)).toContain(`someone pasted the key here: ${REDACTED}`);
    const read = await runTurn(daemon.client, callText("read", { path: "copied-key.txt" }));
    expect(toolOutput(read.events)).toContain(REDACTED);
    const mcp = async () => (await daemon.client.mcpList()).servers[0];
    await waitFor(
      async () => Boolean((await mcp())?.error?.includes("auth failed")),
      "the MCP failure",
      20_000,
    );
    expect((await mcp())?.error).toContain(`auth failed for token ${REDACTED}`);
    await kernProcess(["stop", agent.dir]); // every log line written and flushed

    // The model request after each tool result: the result went to the model redacted.
    const followUps = turnRequests(agent.llm).filter(
      (request) => request.messages.at(-1)?.role === "tool",
    );
    expect(followUps.length).toBeGreaterThanOrEqual(2);
    const sent = JSON.stringify(turnRequests(agent.llm));
    expect(sent).not.toContain(KEY);
    expect(sent).toContain(REDACTED);
    // The model itself still gets the key where it belongs: the request's Authorization header.
    expect(
      agent.llm.requestHeaders.some((headers) => headers.authorization === `Bearer ${KEY}`),
    ).toBe(true);

    const sessions = filesUnder(join(agent.dir, ".kern", "sessions"));
    expect(sessions).not.toContain(KEY);
    expect(sessions).toContain(REDACTED);
    const logs = filesUnder(join(agent.dir, ".kern", "logs"));
    expect(logs).toContain("mcp server failed");
    expect(logs).not.toContain(KEY);
    expect(logs).toContain(REDACTED);

    const again = await startLiveDaemon(agent.dir);
    const history = JSON.stringify(await again.client.history({ limit: 200 }));
    expect(history).not.toContain(KEY);
    expect(history).toContain(REDACTED);
  }, 120_000);
});
