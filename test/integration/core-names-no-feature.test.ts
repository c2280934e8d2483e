// The core names no feature (issue 47 Must show 2, SPEC §17): outside comments, `runtime.ts` and
// the kernel hold none of the words jobs, heartbeat, subagent, mcp, skill, media, telegram,
// discord — in identifiers, strings or anything else the compiler reads. The daemon's composition
// root sets up a list of plugins instead of wiring features by hand.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..", "..");
const FEATURE = /\b(jobs?|heartbeats?|subagents?|mcp|skills?|media|telegram|discord)\b/i;

/** What the compiler reads of a file, comments left out: its identifiers and its strings. */
function codeOf(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(file, "utf8"), ts.ScriptTarget.Latest);
  const words: string[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) words.push(node.text);
    else if (ts.isStringLiteralLike(node) || ts.isTemplateLiteralToken(node)) words.push(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return words;
}

function featureWords(file: string): string[] {
  return codeOf(file).filter((token) => FEATURE.test(token));
}

describe("the core names no feature", () => {
  it("holds none of the feature words outside comments in runtime.ts and the kernel", () => {
    const kernel = readdirSync(join(ROOT, "src", "kernel"))
      .filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"))
      .map((name) => join(ROOT, "src", "kernel", name));
    const found: string[] = [];
    for (const file of [join(ROOT, "src", "runtime", "runtime.ts"), ...kernel])
      for (const word of featureWords(file)) found.push(`${file.slice(ROOT.length + 1)}: ${word}`);
    expect(found).toEqual([]);
  });

  it("can tell: a file that names a feature is caught", () => {
    const words = featureWords(join(ROOT, "src", "plugins", "jobs", "jobs-plugin.ts"));
    expect(words.length).toBeGreaterThan(0);
  });

  it("assembles the daemon from a list of plugins, not feature by feature", () => {
    const assemble = codeOf(join(ROOT, "src", "daemon", "assemble.ts")).join(" ");
    expect(assemble).toContain("builtinPlugins");
    expect(assemble).toContain("setupPlugins");
    // The composition root may name what it hands plugins (Telegram's bot identity for tests,
    // the backup runner jobs take their action from); it wires no feature by hand.
    const assembled = featureWords(join(ROOT, "src", "daemon", "assemble.ts"));
    expect(assembled.every((word) => /telegram|backup-job|jobActions/i.test(word))).toBe(true);
  });
});
