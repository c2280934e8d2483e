// Public surface of protocol/: the HTTP + SSE contract shared by the daemon and its clients.
export * from "./api-schemas.js";
export * from "./backup-schemas.js";
export * from "./extension-schemas.js";
export * from "./job-schemas.js";
export * from "./response-schemas.js";
