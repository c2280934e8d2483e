// The cost of the sandbox (issue 46, docs/benchmarks.md "Sandbox cost"): one `bash` call through
// kern's spawn helper, unconfined and inside bubblewrap, taken in turn so a drift of the machine
// touches both alike. Run: npx tsx bench/sandbox-cost.ts [--calls 200]
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { NO_SANDBOX, openSandbox, type Sandbox } from "../src/runtime/index.js";
import { spawnContained } from "../src/runtime/sandbox/index.js";
import { bashArgv } from "../src/runtime/tools/bash-tool.js";
import type { SandboxCostResult } from "./report/render-sandbox-cost.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";

const flag = process.argv.indexOf("--calls");
const CALLS = flag > 0 ? Number(process.argv[flag + 1]) : 200;
const COMMAND = "true";

/**
 * One call as the bash tool makes it, in ms: spawned and read to its end, when the tool answers.
 * The kill of what is left (and, unconfined, the scan for processes that left the group) runs
 * after the answer, as in the tool; it is awaited untimed so calls do not overlap.
 */
async function oneCall(agentDir: string, sandbox: Sandbox): Promise<number> {
  const started = performance.now();
  const child = spawnContained({
    argv: bashArgv(COMMAND),
    cwd: agentDir,
    stdin: "ignore",
    label: "kern-bash",
    sandbox,
  });
  child.stdout.resume();
  child.stderr.resume();
  await child.closed;
  const elapsed = performance.now() - started;
  await child.kill();
  child.release();
  return elapsed;
}

function summary(mode: string, times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (share: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0;
  return { mode, medianMs: at(0.5), p95Ms: at(0.95), minMs: sorted[0] ?? 0 };
}

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "kern-sandbox-bench-"));
  try {
    const agentDir = join(work, "agent");
    mkdirSync(join(agentDir, ".kern"), { recursive: true });
    const sandbox = openSandbox({
      sandbox: "bwrap",
      sandboxNetwork: true,
      sandboxPaths: {},
      agentDir,
      home: join(work, "home"),
      secrets: {
        named: [],
        apiKey: null,
        authToken: null,
        telegramToken: null,
        mcpServers: {},
        lookup: () => null,
      },
    });
    const plain: number[] = [];
    const boxed: number[] = [];
    for (let warm = 0; warm < 10; warm += 1) {
      await oneCall(agentDir, NO_SANDBOX);
      await oneCall(agentDir, sandbox);
    }
    for (let call = 0; call < CALLS; call += 1) {
      plain.push(await oneCall(agentDir, NO_SANDBOX));
      boxed.push(await oneCall(agentDir, sandbox));
    }
    const root = process.cwd();
    const machine = machineInfo(root, measuredCommit(root));
    const result: SandboxCostResult = {
      command: COMMAND,
      calls: CALLS,
      commit: machine.commit,
      cpu: `${machine.cpu}, ${machine.cores} cores`,
      loadAverage: machine.loadAverage,
      rows: [summary("unconfined", plain), summary("bubblewrap", boxed)],
    };
    writeFileSync(
      join("bench", "results", "sandbox-cost.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    for (const row of result.rows)
      process.stdout.write(
        `${row.mode}: median ${row.medianMs.toFixed(2)} ms, p95 ${row.p95Ms.toFixed(2)} ms, min ${row.minMs.toFixed(2)} ms\n`,
      );
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
