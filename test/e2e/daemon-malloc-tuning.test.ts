// biome-ignore-all lint/suspicious/noTemplateCurlyInString: ${VAR} is shell syntax here, not a template
// ADR 0017, "The daemon's memory at 1M": `kern start` gives the daemon glibc's fixed mmap
// threshold (what glibc read at exec is in /proc/PID/environ), the user's own value wins, and
// the commands the agent runs see the environment the user gave, not kern's tuning. Linux only.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { kernProcess } from "../support/kern-process.js";
import { runTurn, startLiveDaemon, toolOutput } from "../support/live-daemon.js";
import { useProcessAgent } from "../support/process-agent.js";
import { callText, scriptCallsByText } from "../support/scripted-calls.js";

/** The variables a process was started with. */
function startEnvironment(pid: number): Map<string, string> {
  const pairs = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").filter(Boolean);
  return new Map(
    pairs.map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)]),
  );
}

const ECHO = 'echo "threshold=${MALLOC_MMAP_THRESHOLD_-unset} mark=${KERN_MALLOC_TUNED-unset}"';

describe("the daemon's malloc tuning", () => {
  const agent = useProcessAgent("kern-malloc-");

  it("starts the daemon with the threshold, and its commands without it", async () => {
    scriptCallsByText(agent.llm);
    const daemon = await startLiveDaemon(agent.dir);
    const env = startEnvironment(daemon.pid);
    expect(env.get("MALLOC_MMAP_THRESHOLD_")).toBe("131072");
    const run = await runTurn(daemon.client, callText("bash", { command: ECHO }));
    expect(toolOutput(run.events)).toContain("threshold=unset mark=unset");
    expect((await kernProcess(["stop", agent.dir])).code).toBe(0);
  }, 120_000);

  it("keeps a threshold the user set, for the daemon and its commands", async () => {
    scriptCallsByText(agent.llm);
    const daemon = await startLiveDaemon(agent.dir, { MALLOC_MMAP_THRESHOLD_: "65536" });
    const env = startEnvironment(daemon.pid);
    expect(env.get("MALLOC_MMAP_THRESHOLD_")).toBe("65536");
    expect(env.has("KERN_MALLOC_TUNED")).toBe(false);
    const run = await runTurn(daemon.client, callText("bash", { command: ECHO }));
    expect(toolOutput(run.events)).toContain("threshold=65536 mark=unset");
    expect((await kernProcess(["stop", agent.dir])).code).toBe(0);
  }, 120_000);
});
