// Public surface of plugins/web-tools/: the plugin.
export * from "./web-tools-plugin.js";
