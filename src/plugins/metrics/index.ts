// Public surface of plugins/metrics/: the plugin.
export * from "./metrics-plugin.js";
