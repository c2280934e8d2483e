// Public surface of client/: the typed HTTP + SSE client of the daemon API.

export type {
  ContextSegmentsView,
  DoctorReportView,
  PairedUserView,
  PairingListView,
  PendingPairingView,
  WorkingMemoryResponse,
} from "../protocol/index.js";
export {
  type ContextStats,
  type CreateDaemonClientOptions,
  createDaemonClient,
  type DaemonClient,
  DEFAULT_REQUEST_TIMEOUT_MS,
  type EventsOptions,
} from "./daemon-client.js";
export { type UploadImportOptions, uploadImport } from "./upload-import.js";
export { type WaitForDaemonOptions, waitForDaemon } from "./wait-for-daemon.js";
