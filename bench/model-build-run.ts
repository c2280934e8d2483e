// Issue 17's model-backed build, in its own process (run by run-bench.ts): one generated 20k
// history built offline and with a 300 ms fake model for summaries and embeddings. Writes
// bench/results/model-build.json.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { generateConversation, writeConversation } from "./generator/index.js";
import { measureModelBuild } from "./measures/model-build.js";
import {
  MODEL_BUILD_MESSAGES,
  MODEL_BUILD_TOOL_CHARS,
  MODEL_LATENCY_MS,
  modelBuildJobSchema,
} from "./model-build-job.js";
import { writeResult } from "./report/results-files.js";
import { readJobArgument } from "./size-job.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";
import { progress } from "./support/progress.js";

async function main(): Promise<void> {
  const job = readJobArgument(process.argv, modelBuildJobSchema);
  const commit = measuredCommit(job.root);
  mkdirSync(job.workDir, { recursive: true });
  const conversationFile = join(job.workDir, "history.jsonl");
  progress("model", `generating ${MODEL_BUILD_MESSAGES} messages with short tool outputs`);
  const conversation = generateConversation({
    seed: job.seed,
    messages: MODEL_BUILD_MESSAGES,
    toolOutputChars: MODEL_BUILD_TOOL_CHARS,
  });
  await writeConversation({ conversation, messagesPath: conversationFile });
  progress("model", `building offline, then with a ${MODEL_LATENCY_MS} ms fake model`);
  const figures = await measureModelBuild({
    conversationFile,
    workDir: job.workDir,
    latencyMs: MODEL_LATENCY_MS,
  });
  progress(
    "model",
    `offline ${figures.offline.ms} ms; model ${figures.model.ms} ms, ${figures.model.summaryCalls} summary calls`,
  );
  writeResult(job.resultsDir, {
    kind: "model-build",
    ranAt: new Date().toISOString(),
    command: job.command,
    machine: machineInfo(job.root, commit),
    messages: MODEL_BUILD_MESSAGES,
    toolOutputChars: MODEL_BUILD_TOOL_CHARS,
    latencyMs: MODEL_LATENCY_MS,
    ...figures,
  });
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
