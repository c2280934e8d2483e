// Runs kern's CLI bundled as one CommonJS script (dist/bundle/script/cli.cjs, scripts/bundle-cli.ts)
// with the V8 code cache the build made for it (scripts/warm-cli-cache.mjs): V8 then skips parsing
// and compiling what the cache holds. Node 20 has no compile cache for ES modules (it arrived in
// Node 22), and compiling kern's code and zod was ~20% of a command that only reads an agent
// (issue 32). A cache V8 does not accept (another V8, other flags) is ignored: the script compiles
// as usual, same behaviour.
import { isAscii } from "node:buffer";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import { Script } from "node:vm";

/** The cache of `scriptFile` for this V8 (a cache only fits the V8 that made it). */
export function cacheFileFor(scriptFile) {
  return `${scriptFile}.v8-${process.versions.v8}.cache`;
}

/**
 * Runs `scriptFile` as a CommonJS module and returns its exports and the compiled script. The
 * wrapped text must be the same at build and at run. V8 checks only that a cache was made for a
 * text of the same length: bin/kern takes the cache only when it is at least as new as the script
 * (the build writes the script, then the cache).
 */
export function runScript(scriptFile, cachedData) {
  // The build escapes every non-ASCII character: Latin-1 is the same text, without UTF-8 decoding.
  const bytes = readFileSync(scriptFile);
  const source = bytes.toString(isAscii(bytes) ? "latin1" : "utf8");
  const wrapped = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapped, { filename: scriptFile, cachedData });
  const module = { exports: {} };
  const run = script.runInThisContext();
  run.call(
    module.exports,
    module.exports,
    createRequire(scriptFile),
    module,
    scriptFile,
    dirname(scriptFile),
  );
  return { exports: module.exports, script };
}
