// The heartbeat's light prompt against a full prompt (issue 26, docs/benchmarks.md "Heartbeat
// prompt"): an agent with the bench's 20k-message history (memory built offline), composed at
// the config's maxContextTokens and at HEARTBEAT_CONTEXT_TOKENS, without a question (no <recall>:
// a heartbeat turn has none). Run: npx tsx bench/heartbeat-prompt.ts [--messages 20000]
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  composeContextReport,
  importConversation,
  initAgent,
  withOfflineMemory,
} from "../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../src/kernel/index.js";
import { HEARTBEAT_CONTEXT_TOKENS } from "../src/plugins/jobs/index.js";
import { generateConversation, writeConversation } from "./generator/index.js";

const flag = process.argv.indexOf("--messages");
const MESSAGES = flag > 0 ? Number(process.argv[flag + 1]) : 20_000;
const SEED = 42;

async function main(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "kern-heartbeat-bench-"));
  try {
    const agentDir = join(work, "agent");
    await initAgent({ agentDir, git: false });
    const file = join(work, "history.jsonl");
    await writeConversation({
      conversation: generateConversation({ seed: SEED, messages: MESSAGES }),
      messagesPath: file,
    });
    await importConversation({ agentDir, file, clock: SYSTEM_CLOCK });
    const rows = await withOfflineMemory({ agentDir, env: {} }, async (memory, _store, config) => {
      await memory.runUntilIdle();
      const full = await composeContextReport({ config, memory });
      const light = await composeContextReport({
        config,
        memory,
        maxContextTokens: HEARTBEAT_CONTEXT_TOKENS,
      });
      return [
        { prompt: `full (maxContextTokens ${config.maxContextTokens})`, ...full.tokens },
        { prompt: `heartbeat (${HEARTBEAT_CONTEXT_TOKENS})`, ...light.tokens },
      ];
    });
    const result = { messages: MESSAGES, seed: SEED, rows };
    writeFileSync(
      join("bench", "results", "heartbeat-prompt.json"),
      `${JSON.stringify(result, null, 2)}\n`,
    );
    process.stdout.write(
      `wrote bench/results/heartbeat-prompt.json; npx tsx scripts/… or npm run bench rewrites docs/benchmarks.md\n`,
    );
    process.stdout.write(
      "| prompt | system | summary | messages | total |\n|---|---:|---:|---:|---:|\n",
    );
    for (const row of rows) {
      process.stdout.write(
        `| ${row.prompt} | ${row.system} | ${row.summary} | ${row.messages} | ${row.total} |\n`,
      );
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

await main();
