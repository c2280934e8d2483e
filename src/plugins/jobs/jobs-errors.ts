// The error codes of the jobs plugin (SPEC §13), with their exit codes, HTTP statuses and default
// messages; typed like the core's through PluginErrorCodes (kernel/error-catalogue.ts).
import { type ErrorCatalogueEntry, KernError } from "../../kernel/index.js";

const JOBS_ERRORS = {
  KERN_JOB_NOT_FOUND: {
    exit: 1,
    status: 404,
    message: "no job by that name; list them with 'kern jobs list'",
  },
  KERN_JOB_EXISTS: {
    exit: 1,
    status: 409,
    message: "a job by that name exists; pick another name or remove it first (kern jobs rm NAME)",
  },
  KERN_JOBS_FULL: {
    exit: 1,
    status: 409,
    message: "the agent has jobs.max jobs; remove one (kern jobs rm NAME) or raise jobs.max",
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

declare module "../../kernel/error-catalogue.js" {
  interface PluginErrorCodes {
    KERN_JOB_NOT_FOUND: true;
    KERN_JOB_EXISTS: true;
    KERN_JOBS_FULL: true;
  }
}

/** A jobs error with its entry; `message` says what to do (the entry's by default). */
export function jobsError(code: keyof typeof JOBS_ERRORS, message?: string): KernError {
  return new KernError(code, message, { entry: JOBS_ERRORS[code] });
}
