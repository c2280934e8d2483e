// Public surface of daemon/: in-process operations for the CLI and the daemon's assembly.
export * from "./import-conversation.js";
export * from "./init-agent.js";
export * from "./pid-file.js";
export * from "./reindex-agent-folder.js";
