// Public surface of log/: the root logger factory and the Logger type.
export * from "./create-logger.js";
