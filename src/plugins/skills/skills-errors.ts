// The error codes of the skills plugin (SPEC §14), with their exit codes, HTTP statuses and
// default messages; typed like the core's through PluginErrorCodes (kernel/error-catalogue.ts).
import { type ErrorCatalogueEntry, KernError } from "../../kernel/index.js";

const SKILLS_ERRORS = {
  KERN_SKILL_INVALID: {
    exit: 1,
    status: 400,
    message:
      "not a valid skill: a folder with SKILL.md whose front matter has name and description",
  },
  KERN_SKILL_NOT_FOUND: {
    exit: 1,
    status: 404,
    message: "no such skill; 'kern skills list' names the installed ones",
  },
} as const satisfies Record<string, ErrorCatalogueEntry>;

declare module "../../kernel/error-catalogue.js" {
  interface PluginErrorCodes {
    KERN_SKILL_INVALID: true;
    KERN_SKILL_NOT_FOUND: true;
  }
}

/** A skills error with its entry; `message` says what to do (the entry's by default). */
export function skillsError(code: keyof typeof SKILLS_ERRORS, message?: string): KernError {
  return new KernError(code, message, { entry: SKILLS_ERRORS[code] });
}
