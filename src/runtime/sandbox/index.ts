// The sandbox (SPEC §16): where bash, background commands and stdio MCP servers run, and the one
// spawn helper they share. Core: the bash tool and two features use it.
export { type ContainedProcess, spawnContained } from "./contained-spawn.js";
export { groupMembers, signalGroup } from "./process-tree.js";
export { NO_SANDBOX, type Sandbox, sandboxStatus } from "./sandbox.js";
export { openSandbox } from "./sandbox-setup.js";
