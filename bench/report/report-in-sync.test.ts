// docs/benchmarks.md, its plots and README's "Measured" block are what bench/results renders, so
// the two documents cannot disagree: a hand edit, or a result changed without re-rendering
// (`npm run bench -- --render-only`), fails here.
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { README_END, README_START, replaceReadmeMeasured } from "./render-readme.js";
import { writeReport } from "./write-report.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const read = (path: string) => readFileSync(path, "utf8");

describe("the benchmark documents", () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  it("docs/benchmarks.md, its plots and README's Measured block are rendered from bench/results", () => {
    dir = mkdtempSync(join(tmpdir(), "kern-report-"));
    const docsDir = join(dir, "docs");
    mkdirSync(docsDir);
    const readme = join(dir, "README.md");
    copyFileSync(join(ROOT, "README.md"), readme);
    const written = writeReport({ resultsDir: join(ROOT, "bench/results"), docsDir, readme });
    expect(written).toContain(readme);
    for (const file of ["benchmarks.md", "benchmarks/reachability.svg", "benchmarks/latency.svg"]) {
      expect(read(join(docsDir, file)), file).toBe(read(join(ROOT, "docs", file)));
    }
    expect(read(readme)).toBe(read(join(ROOT, "README.md")));
    // The README's table is the document's headline table, line for line.
    const text = read(readme);
    const block = text.slice(text.indexOf(README_START), text.indexOf(README_END));
    const tableRows = block.split("\n").filter((line) => line.startsWith("| "));
    expect(tableRows.length).toBeGreaterThan(5);
    const doc = read(join(docsDir, "benchmarks.md"));
    const headline = doc.slice(doc.indexOf("## Headline figures"), doc.indexOf("## Machine"));
    for (const row of tableRows) expect(headline).toContain(row);
  });

  it("replaces only what lies between the markers, and says how to fix a README without them", () => {
    const readme = `# kern\n\n${README_START}\nold\n${README_END}\n\n## Next\n`;
    expect(replaceReadmeMeasured(readme, `${README_START}\nnew\n${README_END}`)).toBe(
      `# kern\n\n${README_START}\nnew\n${README_END}\n\n## Next\n`,
    );
    expect(() => replaceReadmeMeasured("# kern\n", "x")).toThrow(/markers/);
  });
});
