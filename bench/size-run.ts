// One history size, measured in its own process (run by run-bench.ts): import, the offline
// memory pipeline, compression, segmentation, reachability, recall quality and latency, compose
// latency, per-turn overhead and the rebuild check. Writes bench/results/size-N.json.
import { rmSync, statSync } from "node:fs";
import { importConversation, initAgent, withOfflineMemory } from "../src/daemon/index.js";
import { SYSTEM_CLOCK } from "../src/kernel/index.js";
import { measureCliImport } from "./measures/cli-import.js";
import { measureDaemonRss } from "./measures/daemon-rss.js";
import { timeDaemonStart } from "./measures/daemon-start.js";
import { measureDiskUsage } from "./measures/disk-usage.js";
import { timeReadingCommands } from "./measures/reading-commands.js";
import { checkRebuild } from "./measures/rebuild-check.js";
import { writeResult } from "./report/results-files.js";
import type { SizeResult } from "./report/results-schema.js";
import { readJobArgument, type SizeJob, sizeJobSchema } from "./size-job.js";
import { type MemoryFigures, measureMemory } from "./size-memory-measures.js";
import { machineInfo, measuredCommit } from "./support/machine-info.js";
import { peakRssMb, rssMb } from "./support/memory-usage.js";
import { progress, sizeLabel } from "./support/progress.js";
import { readTruthFile } from "./support/truth-file.js";

async function importHistory(job: SizeJob) {
  rmSync(job.agentDir, { recursive: true, force: true });
  await initAgent({ agentDir: job.agentDir, git: false });
  const started = performance.now();
  const report = await importConversation({
    agentDir: job.agentDir,
    file: job.conversationFile,
    clock: SYSTEM_CLOCK,
  });
  return { ms: performance.now() - started, imported: report.imported };
}

function assemble(
  job: SizeJob,
  parts: {
    commit: string;
    imported: { ms: number; imported: number };
    rssAfterImport: number;
    memory: MemoryFigures;
    rebuild: SizeResult["rebuild"] | undefined;
  },
): SizeResult {
  const { imported, memory } = parts;
  const seconds = imported.ms / 1000;
  return {
    kind: "size",
    size: job.size,
    ...(job.variant ? { variant: job.variant } : {}),
    seed: job.seed,
    toolOutputChars: job.toolOutputChars,
    ranAt: new Date().toISOString(),
    command: job.command,
    machine: machineInfo(job.root, parts.commit),
    history: { ...memory.history, bytes: statSync(job.conversationFile).size },
    import: {
      ms: Math.round(imported.ms),
      messagesPerSecond: Math.round(imported.imported / seconds),
      tokensPerSecond: Math.round(memory.history.tokens / seconds),
    },
    pipeline: memory.pipeline,
    perTurn: memory.perTurn,
    compose: memory.compose,
    recallLatency: memory.recallLatency,
    recallStages: memory.recallStages,
    rss: {
      afterImportMb: parts.rssAfterImport,
      afterPipelineMb: memory.rssAfterPipeline,
      peakMb: peakRssMb(),
    },
    compression: memory.compression,
    recallQuality: memory.recallQuality,
    reachability: memory.reachability,
    factSurvival: memory.factSurvival,
    ...(memory.decisions ? { decisions: memory.decisions } : {}),
    segmentation: memory.segmentation,
    ...(parts.rebuild ? { rebuild: parts.rebuild } : {}),
  };
}

async function reindex(job: SizeJob, scope: string): Promise<SizeResult["rebuild"]> {
  progress(scope, "reindex through the CLI");
  const rebuild = await checkRebuild({ root: job.root, agentDir: job.agentDir });
  progress(scope, `reindex ${rebuild.cliMs} ms, identical: ${rebuild.identical}`);
  return rebuild;
}

async function main(): Promise<void> {
  const job = readJobArgument(process.argv, sizeJobSchema);
  const commit = measuredCommit(job.root);
  const scope = sizeLabel(job.size);
  const truth = readTruthFile(job.truthFile);
  progress(scope, `importing ${job.size} messages`);
  const imported = await importHistory(job);
  const rssAfterImport = rssMb();
  progress(scope, `imported in ${(imported.ms / 1000).toFixed(1)} s; RSS ${rssAfterImport} MB`);
  const memory = await withOfflineMemory(
    { agentDir: job.agentDir, env: {} },
    (engine, store, config) => measureMemory({ job, truth, memory: engine, store, config, scope }),
  );
  const disk = measureDiskUsage(job.agentDir);
  progress(scope, `on disk: log ${disk.logBytes} B, kern.db ${disk.dbBytes} B`);
  const rebuild = job.rebuild ? await reindex(job, scope) : undefined;
  progress(scope, "kern import as its own process (peak RSS)");
  const cliImport = await measureCliImport({
    root: job.root,
    file: job.conversationFile,
    agentDir: `${job.agentDir}-cli-import`,
  });
  progress(scope, `kern import: peak RSS ${cliImport.peakRssMb} MB, ${cliImport.wallMs} ms`);
  if (cliImport.error) progress(scope, cliImport.error);
  progress(scope, "the reading commands without a daemon");
  const readingCommands = timeReadingCommands(job.root, job.agentDir);
  progress(scope, "kern start until the daemon answers");
  const daemonStart = timeDaemonStart(job.root, job.agentDir);
  progress(scope, `kern start: ${daemonStart.medianMs} ms`);
  const daemonRss = await measureDaemonRss(job.root, job.agentDir);
  progress(scope, `daemon RSS: ${daemonRss ? `${daemonRss.steadyMb} MB steady` : "not measured"}`);
  const result = {
    ...assemble(job, { commit, imported, rssAfterImport, memory, rebuild }),
    cliImport,
    readingCommands,
    daemonStart,
    daemonRss,
    disk,
  };
  const path = writeResult(job.resultsDir, result);
  if (job.tag) {
    writeResult(job.resultsDir, {
      kind: "reachability",
      tag: job.tag,
      description: job.describe,
      size: job.size,
      ranAt: result.ranAt,
      reachability: result.reachability,
      factSurvival: result.factSurvival,
    });
  }
  progress(scope, `wrote ${path}`);
}

main().catch((error: unknown) => {
  process.stderr.write(
    `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
