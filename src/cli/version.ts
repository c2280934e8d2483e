// kern's version, read from package.json without zod: `kern --version` must not pay ~65 ms to load
// it (issue 17). The file is kern's own; a damaged install still gets a KernError with the fix.
import { readFileSync } from "node:fs";
import { KernError } from "../kernel/errors.js";
import { packageFile } from "../kernel/package-root.js";

const packageJsonPath = packageFile("package.json");

/** The `version` of kern's package.json. */
export function readVersion(): string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(packageJsonPath, "utf8"));
  } catch (error) {
    throw versionError(String(error));
  }
  if (typeof parsed === "object" && parsed !== null && "version" in parsed) {
    const { version } = parsed;
    if (typeof version === "string") return version;
  }
  throw versionError("it has no version string");
}

function versionError(reason: string): KernError {
  return new KernError(
    "KERN_INTERNAL",
    `cannot read ${packageJsonPath}: ${reason}; reinstall kern`,
  );
}
