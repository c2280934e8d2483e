// The `skill` tool: `{ name }` → the skill's SKILL.md body, and where the files beside it are
// (read them with `read`). Read scope: it reads only skills/NAME/SKILL.md.
import { z } from "zod";
import { defineTool, type Tool } from "../../runtime/index.js";
import type { SkillCatalog } from "./skill-catalog.js";
import { skillsError } from "./skills-errors.js";

export function createSkillTool(catalog: SkillCatalog): Tool {
  return defineTool({
    name: "skill",
    description:
      "Load a skill's instructions by name (the skills section of the system prompt lists them); follow them, and read the files beside it with read.",
    scope: "read",
    parameters: z.object({
      name: z.string().min(1).describe("the skill's name, as <skills> lists it"),
    }),
    run: async ({ name }) => {
      const found = await catalog.body(name);
      if (!found) {
        const known = catalog.current().skills.map((skill) => skill.name);
        throw skillsError(
          "KERN_SKILL_NOT_FOUND",
          `no skill "${name}"; ${known.length > 0 ? `available: ${known.join(", ")}` : "no skills are installed"}`,
        );
      }
      return `${found.body}\n\n(skill folder: ${found.skill.folder}/ — read the files it names there with read)`;
    },
  });
}
