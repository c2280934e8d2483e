// Public surface of kernel/: the shared vocabulary, errors, clock and ids. No I/O besides ids.
export * from "./clock.js";
export * from "./duration.js";
export * from "./envelope.js";
export * from "./error-catalogue.js";
export * from "./errors.js";
export * from "./format-views.js";
export * from "./ids.js";
export * from "./local-time.js";
// markdown.ts (marked's lexer) is imported by path by the TUI and the web page, not from here:
// every CLI command would pay ~15 ms to load `marked`.
export * from "./message-schemas.js";
export * from "./neutralize.js";
export * from "./normalize-vector.js";
export * from "./package-root.js";
export * from "./parse-json.js";
export * from "./run-pool.js";
export * from "./scheduled-action.js";
export * from "./secret-redactor.js";
export type * from "./types.js";
export type * from "./views.js";
