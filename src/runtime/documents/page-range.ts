// Page ranges as people write them ("2-4,7") for the pdf tool. Pure.
import { KernError } from "../../kernel/index.js";

/** Parses `"2-4,7"` into 1-based page numbers within `pageCount`; throws KERN_USAGE on bad input. */
export function parsePageRange(range: string, pageCount: number): number[] {
  const pages = new Set<number>();
  for (const part of range.split(",")) {
    const match = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(part);
    const first = Number(match?.[1]);
    const last = match?.[2] === undefined ? first : Number(match[2]);
    if (!match || first < 1 || last < first) {
      throw new KernError(
        "KERN_USAGE",
        `pages: "${range}" is not a page range; write e.g. "1-3,7"`,
      );
    }
    for (let page = first; page <= Math.min(last, pageCount); page += 1) pages.add(page);
  }
  return [...pages].sort((a, b) => a - b);
}
