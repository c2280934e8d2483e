// Public surface of plugins/recall-warmup/: the plugin.
export * from "./recall-warmup-plugin.js";
