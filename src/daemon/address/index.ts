// The daemon's address: its pid file and how to reach it. A light surface of its own, so that
// CLI commands talking HTTP load no SQLite, fastify or model code.
export * from "./find-daemon.js";
export * from "./find-lock-holder.js";
export * from "./pid-file.js";
