// Issue 48 item 9: `kern tui --help` lists the input line's keys (every key the editor decodes),
// and `kern context --help` says what the command prints, as it prints it. Lines fit 80 columns.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { EditorKeyName } from "../../src/interfaces/tui/decode-input.js";
import { TUI_KEYS } from "../../src/interfaces/tui/tui-keys.js";
import { runKern } from "../support/run-kern.js";
import { makeTempDir } from "../support/temp-dir.js";

/** Every key the TUI's decoder names: tsc fails here when one is added and not listed. */
const EDITOR_KEYS: Record<EditorKeyName, true> = {
  enter: true,
  newline: true,
  backspace: true,
  delete: true,
  "delete-word-back": true,
  "delete-to-start": true,
  "delete-to-end": true,
  left: true,
  right: true,
  "word-left": true,
  "word-right": true,
  home: true,
  end: true,
  up: true,
  down: true,
  tab: true,
  escape: true,
  interrupt: true,
  "paste-start": true,
  "paste-end": true,
};

const widest = (text: string) => Math.max(...text.split("\n").map((line) => [...line].length));

describe("kern tui --help", () => {
  it("lists every key of the input line, within 80 columns", async () => {
    const help = await runKern(["tui", "--help"]);
    expect(help.code).toBe(0);
    const listed = new Set(TUI_KEYS.flatMap((key) => key.names));
    expect(Object.keys(EDITOR_KEYS).filter((name) => !listed.has(name as EditorKeyName))).toEqual(
      [],
    );
    for (const key of TUI_KEYS) expect(help.stdout).toContain(`${key.keys}  `);
    expect(help.stdout).toContain("/exit");
    expect(widest(help.stdout)).toBeLessThanOrEqual(80);
  });
});

describe("kern context --help", () => {
  const temp = makeTempDir("kern-context-help-");
  const dir = join(temp.path, "agent");
  beforeAll(async () => {
    expect((await runKern(["init", dir, "--yes"])).code).toBe(0);
  });
  afterAll(() => temp.cleanup());

  it("says what it prints: the breakdown, and the system prompt with --prompt", async () => {
    const help = await runKern(["context", "--help"]);
    expect(help.stdout).toContain("token breakdown");
    expect(help.stdout).toMatch(/--prompt\s+print the whole system prompt too/);
    expect(widest(help.stdout)).toBeLessThanOrEqual(80);
    const plain = await runKern(["context", dir]);
    expect(plain.code, plain.stderr).toBe(0);
    expect(plain.stdout).not.toContain('<document path="AGENTS.md">');
    expect(plain.stdout).toContain(`kern context ${dir} --prompt`);
    const whole = await runKern(["context", dir, "--prompt"]);
    expect(whole.stdout).toContain('<document path="AGENTS.md">');
  });
});
