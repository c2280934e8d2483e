// better-sqlite3's native addon, found once by its path. Left to itself, the package finds it
// through `bindings`, which builds an Error to learn its caller's file on the first open (~3 ms);
// and the CLI's script bundle (scripts/bundle-cli.ts) holds the package's JavaScript, from where
// that search would look in kern's folder, not the package's. Same places, same order: `bindings`
// itself searches, from the package's own folder.
import { createRequire } from "node:module";
import { dirname } from "node:path";

type FindBinding = (options: { bindings: string; module_root: string; path: true }) => string;

let addonPath: string | undefined;

/** The `nativeBinding` option for every `new BetterSqlite3(…)`: the addon's path. */
export function sqliteAddonPath(): string {
  if (addonPath === undefined) {
    const packageJson = createRequire(import.meta.url).resolve("better-sqlite3/package.json");
    const findBinding = createRequire(packageJson)("bindings") as FindBinding;
    addonPath = findBinding({
      bindings: "better_sqlite3.node",
      module_root: dirname(packageJson),
      path: true,
    });
  }
  return addonPath;
}
