// Runs once before the suite: makes dist/ match src/ and web/, so every e2e test runs the built
// CLI (`node bin/kern`: the bundle in dist/bundle). Starting kern through tsx costs about five
// times the CPU of the build on each start, which made the e2e tests crawl and time out on a
// loaded machine. CI and a developer who just ran `npm run build` pay nothing here; an edit since
// the build rebuilds.
import { execFileSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../../", import.meta.url));
const SOURCES = [
  "src",
  "web",
  "scripts/build-token-ranks.ts",
  "scripts/build-web.ts",
  "scripts/bundle-cli.ts",
  "scripts/warm-cli-cache.mjs",
  "bin/cached-script.mjs",
  "tsconfig.json",
  "tsconfig.build.json",
];
/** The last file `npm run build` writes but the script's code cache (scripts/bundle-cli.ts). */
const BUILT = join(ROOT, "dist", "bundle", "script", "cli.cjs");

function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path)) {
    if (/\.test\.tsx?$/.test(entry)) continue; // tests are not built
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

function builtMtime(): number {
  try {
    return statSync(BUILT).mtimeMs;
  } catch {
    return 0;
  }
}

export function setup(): void {
  const newestSource = Math.max(...SOURCES.map((source) => newestMtime(join(ROOT, source))));
  if (builtMtime() > newestSource) return;
  process.stderr.write("dist/ is older than src/: npm run build (the e2e tests run the build)\n");
  execFileSync("npm", ["run", "build", "--silent"], { cwd: ROOT, stdio: "inherit" });
}
