// Builds recall's SIMD dot-product kernel, data/wasm/row-dots.wasm, from its source
// src/memory/recall/row-dots.wat with wabt (WebAssembly's own text-to-binary tool, as an npm
// package). Deterministic: the same source gives the same bytes, which row-dots.test.ts checks
// against the committed binary. Usage: tsx scripts/build-row-dots.ts
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";
import wabt from "wabt";

const SOURCE = fileURLToPath(new URL("../src/memory/recall/row-dots.wat", import.meta.url));
export const ROW_DOTS_BINARY = fileURLToPath(
  new URL("../data/wasm/row-dots.wasm", import.meta.url),
);

/** The kernel's binary compiled from its source. */
export async function rowDotsBinary(): Promise<Uint8Array> {
  const tools = await wabt();
  const parsed = tools.parseWat("row-dots.wat", readFileSync(SOURCE, "utf8"), { simd: true });
  try {
    parsed.validate();
    return parsed.toBinary({}).buffer;
  } finally {
    parsed.destroy();
  }
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const binary = await rowDotsBinary();
  writeFileSync(ROW_DOTS_BINARY, binary);
  process.stdout.write(`${binary.length} bytes -> ${ROW_DOTS_BINARY}\n`);
}
