// Everything under `.kern/` is private to its owner (issue 33 item 5, docs/security.md): the
// history, the index, the logs and the secrets. Files are created 0600 and folders 0700, and a
// sweep at init and at every daemon start brings an older folder (or a file another tool made) to
// the same modes. Symlinks are never followed.
import {
  chmodSync,
  closeSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  statSync,
} from "node:fs";
import { join } from "node:path";

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates `dir` (and missing parents) as 0700; an existing `dir` is set to 0700. */
export function makePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  chmodSafely(dir, PRIVATE_DIR_MODE);
}

/** Creates `file` empty when missing; either way leaves it 0600 (before a library opens it). */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
  chmodSafely(file, PRIVATE_FILE_MODE);
}

/** Sets every file under `root` to 0600 and every folder to 0700; returns how many changed. */
export function makeTreePrivate(root: string): number {
  let changed = 0;
  const visit = (path: string): void => {
    const stat = lstatSync(path, { throwIfNoEntry: false });
    if (!stat || stat.isSymbolicLink()) return;
    const wanted = stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE;
    if ((stat.mode & 0o777) !== wanted && chmodSafely(path, wanted)) changed += 1;
    if (!stat.isDirectory()) return;
    let names: string[];
    try {
      names = readdirSync(path);
    } catch {
      return;
    }
    for (const name of names) visit(join(path, name));
  };
  if (statSync(root, { throwIfNoEntry: false })) visit(root);
  return changed;
}

/** chmod that reports failure (a file owned by someone else, a read-only disk) as false. */
function chmodSafely(path: string, mode: number): boolean {
  try {
    chmodSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
