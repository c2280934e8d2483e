// Bundles the compiled CLI (dist/main.js and everything it imports, zod included) into
// dist/bundle/: a few files instead of ~200 ES modules, which Node 20 resolves, reads and links one
// by one (issue 32: ~100 ms of every command's start on a busy 2-core machine). Dynamic import()s
// stay separate chunks, so each command still loads only what it uses. Other packages stay
// external (native addons, CommonJS, files they read beside themselves). bin/kern runs the bundle
// when it is at least as new as dist/main.js, else dist/main.js (a `tsc` alone never runs stale code).
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { build, type Plugin } from "esbuild";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/**
 * Bundled in: pure ES modules that cost most to load one by one (zod is ~95 files), and `stemmer`
 * (one ES-only file, which the reading commands' CommonJS script could not `require`).
 */
const BUNDLED_PACKAGES = new Set(["zod", "stemmer"]);

const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as {
  dependencies: Record<string, string>;
};
const externalBut = (bundled: ReadonlySet<string>) =>
  Object.keys(manifest.dependencies)
    .filter((name) => !bundled.has(name))
    .flatMap((name) => [name, `${name}/*`]);
const external = externalBut(BUNDLED_PACKAGES);
/**
 * The script bundle also holds better-sqlite3's JavaScript (its ~12 CommonJS files were compiled
 * at every start; in the script they are in the code cache). Its addon stays where it is
 * installed: every open names it (store/sqlite-driver.ts), so the package's own search for it,
 * which would start from the bundle's folder, never runs.
 */
const SCRIPT_BUNDLED_PACKAGES = new Set([...BUNDLED_PACKAGES, "better-sqlite3"]);
/**
 * zod's error messages in 40 languages (`z.locales`, 310 KB of its 760): kern sets no locale, so
 * the bundle keeps English only, which zod's schemas import themselves. Parsing the rest was part
 * of every command's start (issue 32).
 */
const englishOnlyZodLocales: Plugin = {
  name: "zod-english-only",
  setup(builder) {
    builder.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${sep}node_modules${sep}zod${sep}`)
        ? { path: join(args.resolveDir, "..", "locales", "en-only.js"), namespace: "zod-locales" }
        : undefined,
    );
    builder.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: dirname(args.path),
    }));
  },
};

/**
 * `text` with every non-ASCII character as a `\u` escape (esbuild escapes them in strings, not in
 * regular expressions or comments), so bin/kern reads the script as Latin-1: decoding its 1.4 MB
 * as UTF-8 was ~10 ms of each start. An escape means the same character in a regular expression,
 * a comment or an identifier; right after a backslash it would not, and that stops the build.
 */
function escapeNonAscii(text: string): string {
  return text.replace(/[\u0080-\uffff]/g, (char, offset: number) => {
    if (text[offset - 1] === "\\") {
      throw new Error(
        `bundle-cli: "\\${char}" at ${offset} of the script; escape it in the source`,
      );
    }
    return `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`;
  });
}

const outdir = join(ROOT, "dist", "bundle");
rmSync(outdir, { recursive: true, force: true });
await build({
  entryPoints: [join(ROOT, "dist", "main.js")],
  outdir,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node20",
  external,
  sourcemap: true,
  logLevel: "warning",
  plugins: [englishOnlyZodLocales],
});

/**
 * The same CLI as one CommonJS script, for the commands that only read an agent (bin/kern runs it
 * for them with a V8 code cache, bin/cached-script.mjs): Node 20 has no compile cache for ES
 * modules, and compiling was ~20% of those commands. A script has no `import.meta`: its URL is the
 * script's own. Dynamic imports of packages become `require` (a script's `import()` would need an
 * experimental loader); the reading commands reach no ES-only package.
 */
const scriptFile = join(outdir, "script", "cli.cjs");
await build({
  entryPoints: [join(ROOT, "dist", "cli", "script-entry.js")],
  outfile: scriptFile,
  bundle: true,
  format: "cjs",
  platform: "node",
  target: "node20",
  external: externalBut(SCRIPT_BUNDLED_PACKAGES),
  define: { "import.meta.url": "__kernScriptUrl" },
  banner: { js: 'const __kernScriptUrl = require("node:url").pathToFileURL(__filename).href;' },
  supported: { "dynamic-import": false },
  logLevel: "warning",
  plugins: [englishOnlyZodLocales],
});
writeFileSync(scriptFile, escapeNonAscii(readFileSync(scriptFile, "utf8")));
// The code cache is made by running the reading commands once (plain node: the cache must match
// the V8 that bin/kern runs under), so it holds the functions they compile, not only the top level.
execFileSync(process.execPath, [join(ROOT, "scripts", "warm-cli-cache.mjs"), scriptFile], {
  stdio: "inherit",
});
process.stdout.write(`bundled the CLI into ${outdir}\n`);
