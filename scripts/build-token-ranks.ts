// Writes dist/o200k_base.ranks: o200k's byte-pair ranks as the flat arrays count-tokens.ts merges
// with (memory/text/bpe-ranks.ts), built from the installed gpt-tokenizer's data file and stamped
// with its version, so the CLI loads them in ~8 ms instead of building them (~0.1 s) or loading the
// package's tokenizer (~0.3 s). A stale or missing file is never used: the table is built instead.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import {
  buildRankTable,
  o200kSource,
  RANKS_FILE,
  serializeRankTable,
} from "../src/memory/text/bpe-ranks.js";

const source = o200kSource();
mkdirSync(dirname(RANKS_FILE), { recursive: true });
writeFileSync(
  RANKS_FILE,
  serializeRankTable(buildRankTable(readFileSync(source.path)), source.stamp),
);
