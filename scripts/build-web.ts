// Builds the web page the daemon serves: esbuild bundles web/src/main.ts into assets/app.js,
// web/styles/*.css are joined (in name order) into assets/styles.css, and index.html and the icon
// are copied. Run as a script it writes dist/web;
// tests call buildWeb() into a temp folder (it takes well under a second).
import { copyFile, mkdir, readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";

const REPO_ROOT = fileURLToPath(new URL("..", import.meta.url));
const WEB_DIR = join(REPO_ROOT, "web");

/** Where `npm run build` puts the page; the daemon's default static folder. */
export const DEFAULT_WEB_OUT_DIR = join(REPO_ROOT, "dist", "web");

export interface BuildWebOptions {
  /** Output folder: gets index.html and assets/{app.js,app.js.map,styles.css,favicon.svg}. */
  outDir: string;
  /** Minify the bundle (default true); tests may skip it for readable stack traces. */
  minify?: boolean;
}

export interface BuildWebResult {
  outDir: string;
  files: string[];
}

/** web/styles/*.css in name order (base first, phone overrides last), as one stylesheet. */
async function joinStyles(): Promise<string> {
  const folder = join(WEB_DIR, "styles");
  const names = (await readdir(folder)).filter((name) => name.endsWith(".css")).sort();
  const texts = await Promise.all(names.map((name) => readFile(join(folder, name), "utf8")));
  return texts.join("\n");
}

/** Bundles and copies the page into `outDir`. Throws when esbuild reports an error. */
export async function buildWeb(options: BuildWebOptions): Promise<BuildWebResult> {
  const outDir = resolve(options.outDir);
  const assets = join(outDir, "assets");
  await mkdir(assets, { recursive: true });
  await build({
    entryPoints: [join(WEB_DIR, "src", "main.ts")],
    outfile: join(assets, "app.js"),
    bundle: true,
    format: "esm",
    platform: "browser",
    target: ["chrome110", "firefox115", "safari16"],
    minify: options.minify ?? true,
    sourcemap: "linked",
    legalComments: "none",
    logLevel: "silent",
  });
  await Promise.all([
    copyFile(join(WEB_DIR, "index.html"), join(outDir, "index.html")),
    copyFile(join(WEB_DIR, "favicon.svg"), join(assets, "favicon.svg")),
    writeFile(join(assets, "styles.css"), await joinStyles()),
  ]);
  const files = [
    "index.html",
    "assets/app.js",
    "assets/app.js.map",
    "assets/styles.css",
    "assets/favicon.svg",
  ];
  return { outDir, files };
}

const isMain =
  process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isMain) {
  const outDir = process.argv[2] ?? DEFAULT_WEB_OUT_DIR;
  const started = performance.now();
  buildWeb({ outDir }).then(
    (result) =>
      console.log(
        `web UI built in ${Math.round(performance.now() - started)} ms → ${result.outDir}`,
      ),
    (error: unknown) => {
      console.error(
        `web UI build failed: ${error instanceof Error ? error.message : String(error)}`,
      );
      process.exitCode = 1;
    },
  );
}
