// The daemon layer (SQLite, the memory engine, fastify, grammY, openai) loads only when a command
// runs that needs it: `kern --version`, `--help` and the commands that talk to a running daemon
// over HTTP never pay for it (issue 17: 0.53 s and 149 MB for `kern --version` before).
export type DaemonModule = typeof import("../daemon/index.js");

/** The daemon layer's surface, imported on first use (Node caches it after). */
export function loadDaemon(): Promise<DaemonModule> {
  return import("../daemon/index.js");
}

export type ReadOnlyModule = typeof import("../daemon/read-only.js");

/**
 * What the reading commands (status, segments, context, recall, memory) need without a daemon:
 * a small part of the daemon layer (issue 32: < 300 ms at 20k messages).
 */
export function loadReadOnly(): Promise<ReadOnlyModule> {
  return import("../daemon/read-only.js");
}

export type ConfigModule = typeof import("../config/index.js");

/** The config layer (its zod schema), imported on first use. */
export function loadConfigModule(): Promise<ConfigModule> {
  return import("../config/index.js");
}

export type ServiceModule = typeof import("../daemon/service/index.js");

/** Which service runs an agent and its state, without the daemon layer (`kern status`). */
export function loadService(): Promise<ServiceModule> {
  return import("../daemon/service/index.js");
}
