// Public surface of memory/: tokens, embeddings, segmentation, summaries, rollup, composition.
export * from "./count-tokens.js";
export * from "./message-text.js";
export * from "./truncate-text.js";
