// Public surface of protocol/: the HTTP + SSE contract shared by the daemon and its clients.
export * from "./api-schemas.js";
export * from "./backup-schemas.js";
export * from "./extension-schemas.js";
export type * from "./extension-views.js";
export * from "./format-extensions.js";
export * from "./format-jobs.js";
export * from "./job-schemas.js";
export type * from "./job-views.js";
export * from "./response-schemas.js";
export type * from "./work-views.js";
