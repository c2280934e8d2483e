// `kern skills add PATH [DIR]`: copies a skill folder into the agent's `skills/NAME/` after
// checking its SKILL.md, so a broken skill is refused with why instead of installed, and commits
// it in the agent's repository (commit-skill.ts).
import { cp, readFile, stat } from "node:fs/promises";
import { basename, join, resolve } from "node:path";
import { commitSkill } from "./commit-skill.js";
import { parseSkill, SKILL_FILE } from "./parse-skill.js";
import { SKILLS_DIR, type Skill } from "./skill-catalog.js";
import { skillsError } from "./skills-errors.js";

export interface AddSkillOptions {
  agentDir: string;
  /** A skill folder (holding SKILL.md) or a SKILL.md file. */
  source: string;
}

async function sourceFolder(source: string): Promise<string> {
  const path = resolve(source);
  const info = await stat(path).catch(() => null);
  if (!info)
    throw skillsError("KERN_SKILL_INVALID", `${source} does not exist; give a skill's folder`);
  return info.isDirectory() ? path : resolve(path, "..");
}

/** Validates, copies and commits; throws KERN_SKILL_INVALID with the reason (nothing copied). */
export async function addSkill(options: AddSkillOptions): Promise<Skill> {
  const folder = await sourceFolder(options.source);
  const text = await readFile(join(folder, SKILL_FILE), "utf8").catch(() => null);
  if (text === null)
    throw skillsError(
      "KERN_SKILL_INVALID",
      `${folder} has no ${SKILL_FILE}; a skill is a folder with SKILL.md (front matter name and description)`,
    );
  const parsed = parseSkill(text, basename(folder));
  if (!parsed.ok)
    throw skillsError("KERN_SKILL_INVALID", `${join(folder, SKILL_FILE)}: ${parsed.problem}`);
  const target = join(options.agentDir, SKILLS_DIR, parsed.skill.name);
  if (await stat(target).catch(() => null))
    throw skillsError(
      "KERN_SKILL_INVALID",
      `${join(SKILLS_DIR, parsed.skill.name)} already exists in ${options.agentDir}; remove it first to replace it`,
    );
  await cp(folder, target, {
    recursive: true,
    errorOnExist: true,
    filter: (path) => !/[\\/](\.git|node_modules)([\\/]|$)/.test(path.slice(folder.length)),
  });
  const folderInAgent = join(SKILLS_DIR, parsed.skill.name);
  await commitSkill(options.agentDir, folderInAgent, parsed.skill.name);
  return { name: parsed.skill.name, description: parsed.skill.description, folder: folderInAgent };
}
