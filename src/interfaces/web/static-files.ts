// Serves the built page: `/` → index.html and `/assets/<file>` from the static folder. Only
// known file types, only regular files, never outside the folder (no traversal).
import { readFile, stat } from "node:fs/promises";
import { extname, isAbsolute, join, resolve, sep } from "node:path";
import { packageFile } from "../../kernel/index.js";
import { WebError } from "./web-errors.js";

/**
 * Where `npm run build` puts the page (scripts/build-web.ts → dist/web). Three levels up from
 * this file is the package root both from src/interfaces/web (tsx) and dist/interfaces/web (built).
 */
export const DEFAULT_STATIC_DIR = packageFile("dist", "web");

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".map": "application/json; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
  ".txt": "text/plain; charset=utf-8",
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

/** True when a relative asset path stays inside its folder: no `..`, no absolute or odd path. */
export function isSafeAssetPath(relativePath: string): boolean {
  if (relativePath.length === 0 || relativePath.length > 200) return false;
  if (relativePath.includes("\0") || relativePath.includes("\\")) return false;
  if (isAbsolute(relativePath)) return false;
  return relativePath.split("/").every((part) => part !== "" && part !== "." && part !== "..");
}

/** Reads `<staticDir>/assets/<relativePath>`; throws WebError KERN_NOT_FOUND when it is not one. */
export async function readAsset(staticDir: string, relativePath: string): Promise<StaticFile> {
  if (!isSafeAssetPath(relativePath)) throw new WebError("KERN_NOT_FOUND", "no such asset");
  const root = resolve(staticDir, "assets");
  const path = resolve(root, relativePath);
  if (!path.startsWith(root + sep)) throw new WebError("KERN_NOT_FOUND", "no such asset");
  return readKnownFile(path);
}

/** Reads `<staticDir>/index.html`; 503 with the build command when the page was never built. */
export async function readIndexPage(staticDir: string): Promise<StaticFile> {
  try {
    return await readKnownFile(join(staticDir, "index.html"));
  } catch (error) {
    if (error instanceof WebError) {
      throw new WebError(
        "KERN_UNAVAILABLE",
        `the web UI is not built (no ${join(staticDir, "index.html")}); run 'npm run build'`,
      );
    }
    throw error;
  }
}

async function readKnownFile(path: string): Promise<StaticFile> {
  const contentType = CONTENT_TYPES[extname(path).toLowerCase()];
  if (!contentType) throw new WebError("KERN_NOT_FOUND", "no such asset");
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new WebError("KERN_NOT_FOUND", "no such asset");
    return { body: await readFile(path), contentType };
  } catch (error) {
    if (error instanceof WebError) throw error;
    throw new WebError("KERN_NOT_FOUND", "no such asset");
  }
}
