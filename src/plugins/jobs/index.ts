// Public surface of runtime/jobs/: schedules, the job book, the scheduler, the heartbeat and the
// unattended budget (SPEC §13; ADR 0013).
export * from "./agent-jobs.js";
export * from "./check-route.js";
export * from "./heartbeat.js";
export * from "./heartbeat-checklist.js";
export * from "./job-book.js";
export * from "./job-history.js";
export * from "./job-input.js";
export * from "./job-lifecycle.js";
export * from "./job-schedule.js";
export * from "./job-scheduler.js";
export * from "./job-view.js";
export * from "./jobs-extension.js";
export * from "./jobs-plugin.js";
export * from "./jobs-routes.js";
export * from "./run-recovery.js";
export * from "./schedule-action.js";
