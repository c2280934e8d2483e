// Public surface of daemon/: in-process operations for the CLI and the daemon's assembly.

export { composeContextReport } from "../runtime/index.js";
export * from "./address/index.js";
export * from "./agent-status.js";
export * from "./assemble.js";
export * from "./backup/index.js";
export * from "./build-adapters.js";
export * from "./check-model-setup.js";
export * from "./doctor-agent-folder.js";
export * from "./extensions.js";
export * from "./import-conversation.js";
export * from "./init-agent.js";
export * from "./lifecycle.js";
export * from "./offline-actions.js";
export * from "./offline-jobs.js";
export * from "./offline-memory.js";
export * from "./offline-plugins.js";
export * from "./plan-import-calls.js";
export * from "./reindex-agent-folder.js";
export * from "./run-demo.js";
export * from "./run-import.js";
export * from "./sandbox-report.js";
export * from "./service/index.js";
export * from "./service/manage-service.js";
export * from "./service/service-lifecycle.js";
export * from "./start-report.js";
