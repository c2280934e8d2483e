// Maps errors to process exit codes (SG-22): 0 ok, 1 unexpected, 2 usage, 3 config, 4 daemon
// not running. KERN_NO_AGENT exits 1 as SPEC §1 says.
import { isKernError } from "../kernel/index.js";

export function exitCodeFor(error: unknown): number {
  if (!isKernError(error)) return 1;
  switch (error.code) {
    case "KERN_USAGE":
      return 2;
    case "KERN_CONFIG_INVALID":
    case "KERN_CONFIG_UNREADABLE":
    case "KERN_IMPORT_INVALID":
      return 3;
    case "KERN_DAEMON_NOT_RUNNING":
      return 4;
    default:
      return 1;
  }
}
