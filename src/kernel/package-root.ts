// Files kern ships beside its code (package.json, templates/, agents/demo, data/, dist/web), found
// from this module's own path: the root is what precedes its last `/src/` or `/dist/` folder, the
// same answer from src/ (tsx), dist/ (tsc) and dist/bundle/ (the bundled CLI, where a module's
// depth below the root is not the depth of its source). Pure: string work on a URL, no I/O.
import { join, sep } from "node:path";
import { fileURLToPath } from "node:url";

function rootOf(modulePath: string): string {
  const at = Math.max(
    modulePath.lastIndexOf(`${sep}src${sep}`),
    modulePath.lastIndexOf(`${sep}dist${sep}`),
  );
  return at <= 0 ? sep : modulePath.slice(0, at);
}

const PACKAGE_ROOT = rootOf(fileURLToPath(import.meta.url));

/** The path of `segments` inside kern's package folder (`packageFile("data", "x.gz")`). */
export function packageFile(...segments: string[]): string {
  return join(PACKAGE_ROOT, ...segments);
}
