// The token counter the store is given: memory/ owns the tokenizer; the store only stores the number.
import type { SessionMessage } from "../kernel/index.js";

/** Counts a message's tokens. */
export type MessageTokenCounter = (message: SessionMessage) => number;
