// Fails when a source file passes the SG-10 budget (500 lines in src/, 600 for tests).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";

const SOURCE_LIMIT = 500;
const TEST_LIMIT = 600;

function listFiles(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? listFiles(path) : [path];
  });
}

const offenders: string[] = [];
for (const root of ["src", "test", "web", "bench", "scripts"]) {
  let files: string[];
  try {
    files = listFiles(root);
  } catch {
    continue; // the folder does not exist yet
  }
  for (const file of files.filter((path) => /\.(ts|tsx)$/.test(path))) {
    if (file.includes("fixtures")) continue;
    const limit = /\.test\.tsx?$/.test(file) ? TEST_LIMIT : SOURCE_LIMIT;
    const lines = readFileSync(file, "utf8").split("\n").length;
    if (lines > limit) offenders.push(`${file}: ${lines} lines (limit ${limit})`);
  }
}
if (offenders.length > 0) {
  process.stderr.write(`Files over budget (SG-10) — split them:\n${offenders.join("\n")}\n`);
  process.exit(1);
}
process.stdout.write("file sizes ok\n");
