// The worker thread of TokenCountThread (token-count-thread.ts): counts the texts it is sent with
// countTokens and answers with their counts, in order (null for a text whose count threw).
// Loaded by file, not imported: from src/ under tsx, from dist/ once built.
import { parentPort } from "node:worker_threads";
import { countTokens } from "./count-tokens.js";

interface CountRequest {
  id: number;
  texts: string[];
}

function countOrNull(text: string): number | null {
  try {
    return countTokens(text);
  } catch {
    return null;
  }
}

parentPort?.on("message", (request: CountRequest) => {
  parentPort?.postMessage({ id: request.id, counts: request.texts.map(countOrNull) });
});
