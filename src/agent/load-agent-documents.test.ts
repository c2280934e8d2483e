import { mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../test/support/temp-dir.js";
import { type AgentDocumentCache, loadAgentDocuments } from "./load-agent-documents.js";
import { listNotes } from "./notes.js";

const temps: Array<() => void> = [];
afterEach(() => {
  for (const cleanup of temps.splice(0)) cleanup();
});

function agentFolder(): { agentDir: string; templatesDir: string } {
  const temp = makeTempDir("kern-agent-");
  temps.push(temp.cleanup);
  const agentDir = join(temp.path, "agent");
  const templatesDir = join(temp.path, "templates");
  mkdirSync(join(agentDir, "notes"), { recursive: true });
  mkdirSync(templatesDir, { recursive: true });
  writeFileSync(join(templatesDir, "KERN.md"), "template kern");
  for (const name of ["USERS.md", "KNOWLEDGE.md", "IDENTITY.md", "AGENTS.md"]) {
    writeFileSync(join(agentDir, name), `${name} text`);
  }
  return { agentDir, templatesDir };
}

describe("loadAgentDocuments", () => {
  it("returns the documents in SPEC §5 order with the template KERN.md and the newest note", () => {
    const folder = agentFolder();
    writeFileSync(join(folder.agentDir, "notes", "2026-03-30.md"), "older");
    writeFileSync(join(folder.agentDir, "notes", "2026-04-01.md"), "newest");
    writeFileSync(join(folder.agentDir, "notes", "scratch.md"), "not a daily note");
    const documents = loadAgentDocuments(folder);
    expect(documents.map((document) => document.path)).toEqual([
      "AGENTS.md",
      "IDENTITY.md",
      "KERN.md",
      "KNOWLEDGE.md",
      "USERS.md",
      "notes/2026-04-01.md",
    ]);
    expect(documents[2]?.content).toBe("template kern");
    expect(documents[5]?.content).toBe("newest");
  });

  it("prefers the agent's own KERN.md and leaves missing files out", () => {
    const folder = agentFolder();
    writeFileSync(join(folder.agentDir, "KERN.md"), "my kern");
    const documents = loadAgentDocuments({ ...folder, agentDir: folder.agentDir });
    expect(documents.find((document) => document.path === "KERN.md")?.content).toBe("my kern");
    const bare = loadAgentDocuments({
      agentDir: join(folder.agentDir, "missing"),
      templatesDir: folder.templatesDir,
    });
    expect(bare.map((document) => document.path)).toEqual(["KERN.md"]);
  });

  it("re-reads a file whose mtime changed, even with a cache", () => {
    const folder = agentFolder();
    const cache: AgentDocumentCache = new Map();
    expect(loadAgentDocuments({ ...folder, cache })[0]?.content).toBe("AGENTS.md text");
    const file = join(folder.agentDir, "AGENTS.md");
    writeFileSync(file, "edited AGENTS.md");
    utimesSync(file, new Date(), new Date(Date.now() + 5_000));
    expect(loadAgentDocuments({ ...folder, cache })[0]?.content).toBe("edited AGENTS.md");
  });
});

describe("listNotes", () => {
  it("lists daily notes newest first", () => {
    const folder = agentFolder();
    for (const date of ["2026-01-02", "2026-03-01", "2025-12-31"]) {
      writeFileSync(join(folder.agentDir, "notes", `${date}.md`), date);
    }
    expect(listNotes(folder.agentDir).map((note) => note.path)).toEqual([
      "notes/2026-03-01.md",
      "notes/2026-01-02.md",
      "notes/2025-12-31.md",
    ]);
    expect(listNotes(join(folder.agentDir, "nowhere"))).toEqual([]);
  });
});
