// Public surface of store/: the two append-only logs and the derived SQLite index (SPEC §3).
export * from "./agent-store.js";
export { getMeta, openDatabase, type SqliteDatabase, setMeta } from "./database.js";
export * from "./folder-lock.js";
export * from "./import-transaction.js";
export * from "./index-damage.js";
export * from "./jobs-file.js";
export * from "./memory-entry.js";
export * from "./memory-log.js";
export * from "./message-repo.js";
export * from "./reindex.js";
export * from "./segment-repo.js";
export * from "./session-entry.js";
export * from "./session-log.js";
export * from "./state-repo.js";
export * from "./turn-queue-file.js";
export * from "./vector-index.js";
export * from "./write-failure.js";
