// The skills of an agent folder: `skills/NAME/SKILL.md`, rescanned when a file changed (the agent
// may write a skill with its file tools mid-session), invalid ones listed with why, never fatal.
import { readdir, readFile, stat } from "node:fs/promises";
import { join } from "node:path";
import { parseSkill, SKILL_FILE } from "./parse-skill.js";

export const SKILLS_DIR = "skills";

export interface Skill {
  name: string;
  description: string;
  /** The skill's folder, relative to the agent folder: `skills/NAME`. */
  folder: string;
}

export interface SkillProblem {
  /** `skills/NAME/SKILL.md` (or the folder when it has no SKILL.md). */
  path: string;
  problem: string;
}

export interface SkillListing {
  skills: Skill[];
  problems: SkillProblem[];
}

interface Scanned {
  listing: SkillListing;
  /** Folder names with their SKILL.md's mtime and size: what a rescan compares. */
  signature: string;
}

export class SkillCatalog {
  private scanned: Scanned = { listing: { skills: [], problems: [] }, signature: "" };

  constructor(readonly agentDir: string) {}

  /** The listing of the last scan (synchronous: the prompt and the tool source read it). */
  current(): SkillListing {
    return this.scanned.listing;
  }

  /** Rescans when a SKILL.md was added, removed or changed since the last scan. */
  async refresh(): Promise<SkillListing> {
    const entries = await this.entries();
    const signature = entries.map((entry) => `${entry.folder}:${entry.stamp}`).join("|");
    if (signature === this.scanned.signature) return this.scanned.listing;
    const listing: SkillListing = { skills: [], problems: [] };
    for (const entry of entries) {
      const path = join(SKILLS_DIR, entry.folder, SKILL_FILE);
      if (entry.stamp === "none") {
        listing.problems.push({ path: join(SKILLS_DIR, entry.folder), problem: "no SKILL.md" });
        continue;
      }
      const text = await readFile(join(this.agentDir, path), "utf8").catch(() => null);
      const parsed = text === null ? null : parseSkill(text, entry.folder);
      if (parsed?.ok)
        listing.skills.push({
          name: parsed.skill.name,
          description: parsed.skill.description,
          folder: join(SKILLS_DIR, entry.folder),
        });
      else listing.problems.push({ path, problem: parsed?.problem ?? "cannot read SKILL.md" });
    }
    this.scanned = { listing, signature };
    return listing;
  }

  /** A skill's body, read now (so an edit shows at once); null for an unknown or broken skill. */
  async body(name: string): Promise<{ skill: Skill; body: string } | null> {
    const skill = (await this.refresh()).skills.find((candidate) => candidate.name === name);
    if (!skill) return null;
    const text = await readFile(join(this.agentDir, skill.folder, SKILL_FILE), "utf8");
    const parsed = parseSkill(text, name);
    return parsed.ok ? { skill, body: parsed.skill.body } : null;
  }

  private async entries(): Promise<Array<{ folder: string; stamp: string }>> {
    const root = join(this.agentDir, SKILLS_DIR);
    const folders = await readdir(root, { withFileTypes: true }).catch(() => []);
    const names = folders
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith("."))
      .map((entry) => entry.name)
      .sort();
    return Promise.all(
      names.map(async (folder) => {
        const info = await stat(join(root, folder, SKILL_FILE)).catch(() => null);
        return { folder, stamp: info ? `${info.mtimeMs}:${info.size}` : "none" };
      }),
    );
  }
}

/** The `<skills>` section's content: one line per skill (empty when there are none). */
export function skillsSectionText(skills: readonly Skill[]): string {
  return skills.map((skill) => `- ${skill.name}: ${skill.description}`).join("\n");
}
