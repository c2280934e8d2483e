// Public surface of client/: the typed HTTP + SSE client of the daemon API.

export type {
  ContextSegmentsView,
  PairedUserView,
  PairingListView,
  PendingPairingView,
  WorkingMemoryResponse,
} from "../protocol/index.js";
export { requestBackupCut } from "./backup-cut.js";
export { createDaemonClient, type DaemonClient, type EventsOptions } from "./daemon-client.js";
export { uploadImport } from "./upload-import.js";
