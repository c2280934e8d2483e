// The daemon's view of its files at start: the store opened (logs + index), with a warning for
// each repair the open made, so the operator learns from `kern logs` what happened and why.
import type { AgentPaths } from "../config/index.js";
import type { Clock } from "../kernel/index.js";
import type { Logger } from "../log/index.js";
import { countMessageTokens } from "../memory/index.js";
import { type AgentStore, type MigrationProgress, openAgentStore } from "../store/index.js";

/**
 * The lean index's migration of an older kern.db (ADR 0017) in the log: where it stands, every
 * tenth of the way, so `kern logs` shows a long first start moving.
 */
function migrationLogger(logger: Logger): (progress: MigrationProgress) => void {
  let logged = -1;
  return (progress) => {
    const tenth = Math.floor((progress.done / Math.max(1, progress.total)) * 10);
    if (progress.phase === "places" && tenth === logged) return;
    logged = progress.phase === "places" ? tenth : -1;
    logger.info(
      { ...progress },
      progress.phase === "places"
        ? "migrating kern.db to the lean index: reading where each message is in the log"
        : "migrating kern.db to the lean index: compacting the file",
    );
  };
}

export function openDaemonStore(paths: AgentPaths, clock: Clock, logger: Logger): AgentStore {
  // The tail of the log, not all of it (issue 32: a full read took seconds at a year's history):
  // the torn last line is repaired the same; corrupt lines further up are `kern doctor`'s report.
  const store = openAgentStore({
    paths,
    clock,
    countTokens: countMessageTokens,
    sessionScan: "tail",
    onMigrate: migrationLogger(logger),
  });
  if (store.rebuiltIndex) {
    logger.warn(
      { ...store.rebuiltIndex },
      "kern.db disagreed with the session log (the log is the truth); rebuilt it from the logs",
    );
  }
  if (store.rolledBackImport) {
    logger.warn(
      { source: store.rolledBackImport.source, seqStart: store.rolledBackImport.seqStart },
      "an import did not finish before the last stop; rolled it back (run it again)",
    );
  }
  const scan = store.sessionLog.scan;
  if (scan.corruptLines.length > 0 || scan.repairedTornLine) {
    logger.warn(
      { corruptLines: scan.corruptLines.length, repairedTornLine: scan.repairedTornLine },
      "session log repaired on load; run 'kern doctor'",
    );
  }
  return store;
}
