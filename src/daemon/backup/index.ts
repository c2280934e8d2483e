// Public surface of daemon/backup/: `kern backup` and `kern restore` (docs/operations.md).
export * from "./backup-agent.js";
export { resolveBackupFolder } from "./backup-destination.js";
export * from "./restore-backup.js";
