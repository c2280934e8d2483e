// Public surface of plugins/processes/: the plugin.
export * from "./processes-plugin.js";
