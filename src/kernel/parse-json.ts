// JSON from outside (files, database columns, HTTP bodies) enters as `unknown` and leaves through a
// zod schema (SG-12): `parseJsonAs` is the one place that pairs `JSON.parse` with validation, and
// its error names the source, so a bad file reads "…/.kern/config.json: not valid JSON (…)".
import type { z } from "zod";
import { KernError, type KernErrorCode, type KernErrorOptions } from "./errors.js";

/** Where the text came from and which code its failure carries. */
export interface JsonSource {
  /** A file path or a short description (`kern.db messages.meta`), shown in the message. */
  source: string;
  code: KernErrorCode;
  /** How to fix it, appended to the message (e.g. "fix or delete the file"). */
  fix?: string;
  /** The KernError subclass to throw (ConfigError, StoreError…); KernError by default. */
  errorClass?: new (
    code: KernErrorCode,
    message: string,
    options: KernErrorOptions,
  ) => KernError;
}

/** `text` parsed as JSON, without a type: `undefined` when it is not JSON. */
export function parseJsonOrUndefined(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/** `text` parsed as JSON and validated by `schema`; a KernError naming the source otherwise. */
export function parseJsonAs<T extends z.ZodType>(
  text: string,
  schema: T,
  where: JsonSource,
): z.output<T> {
  const fix = where.fix ? `; ${where.fix}` : "";
  const ErrorClass = where.errorClass ?? KernError;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ErrorClass(where.code, `${where.source}: not valid JSON (${reason})${fix}`, {
      cause: error,
    });
  }
  const parsed = schema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = issue && issue.path.length > 0 ? ` at ${issue.path.join(".")}` : "";
    const reason = issue ? `${issue.message}${path}` : "unexpected shape";
    throw new ErrorClass(where.code, `${where.source}: unexpected content (${reason})${fix}`, {
      cause: parsed.error,
    });
  }
  return parsed.data;
}
