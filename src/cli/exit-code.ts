// Maps errors to process exit codes (SG-22): 0 ok, 1 unexpected, 2 usage, 3 config, 4 daemon
// not running; each code's exit is in the error catalogue (kernel/error-catalogue.ts).
import { isKernError } from "../kernel/index.js";

export function exitCodeFor(error: unknown): number {
  return isKernError(error) ? error.exitCode : 1;
}
