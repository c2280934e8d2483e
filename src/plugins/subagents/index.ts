// Public surface of plugins/subagents/: the plugin.
export * from "./subagents-plugin.js";
