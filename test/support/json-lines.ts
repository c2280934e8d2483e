// Test helper: JSON lines (pino output, JSONL files) as plain records, validated — a line that is
// not one JSON object fails the test right there instead of casting.
import { z } from "zod";

const recordSchema = z.record(z.string(), z.unknown());

/** One JSON object line as a record. */
export function parseJsonRecord(line: string): Record<string, unknown> {
  return recordSchema.parse(JSON.parse(line));
}
