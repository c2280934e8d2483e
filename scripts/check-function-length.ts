// SG-10's function budget as a reader counts it: from the first line of the signature to the
// closing brace, blank lines and comments included (biome's noExcessiveLinesPerFunction counts
// the body only, so a 70-line function with a long signature passed it). Every function-like
// node with a body in src/ and web/src/ (declarations, methods, arrows, function expressions);
// tests are exempt. KNOWN lists the functions still over budget, to be split: the list may only
// shrink — a new long function, or a known one that grew, fails.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";

const LIMIT = 60;

/** `file:name` → the lines it has now (not to grow; remove the entry once it is split). */
/** Empty since the last 11 were split (issue 47); a function over the limit is refused. */
const KNOWN: Record<string, number> = {};

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

function nameOf(node: ts.SignatureDeclaration, source: ts.SourceFile): string {
  if (node.name) return node.name.getText(source);
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent))
    return parent.name.getText(source);
  return `(anonymous at line ${source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1})`;
}

function longFunctions(file: string): Array<{ key: string; lines: number; line: number }> {
  const source = ts.createSourceFile(
    file,
    readFileSync(file, "utf8"),
    ts.ScriptTarget.Latest,
    true,
  );
  const found: Array<{ key: string; lines: number; line: number }> = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) && "body" in node && node.body) {
      const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
      const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
      const lines = end - start + 1;
      if (lines > LIMIT)
        found.push({ key: `${file}:${nameOf(node, source)}`, lines, line: start + 1 });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

const files = ["src", "web/src"]
  .flatMap(listFiles)
  .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file));
const problems: string[] = [];
const seen = new Set<string>();
for (const found of files.flatMap(longFunctions)) {
  seen.add(found.key);
  const known = KNOWN[found.key];
  if (known === undefined)
    problems.push(`${found.key} (line ${found.line}): ${found.lines} lines (limit ${LIMIT})`);
  else if (found.lines > known)
    problems.push(`${found.key}: grew to ${found.lines} lines (known at ${known}; split it)`);
}
const stale = Object.keys(KNOWN).filter((key) => !seen.has(key));
for (const key of stale) problems.push(`${key}: no longer over budget; remove it from KNOWN`);
if (problems.length > 0) {
  process.stderr.write(
    `Functions over budget (SG-10, ${LIMIT} lines) — split them:\n${problems.join("\n")}\n`,
  );
  process.exit(1);
}
process.stdout.write(`function lengths ok (${Object.keys(KNOWN).length} known to split)\n`);
