// Public surface of agent/: the agent folder's documents and daily notes (read-only).
export * from "./load-agent-documents.js";
export * from "./notes.js";
