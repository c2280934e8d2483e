// One SKILL.md (Agent Skills): YAML front matter with `name` and `description`, then the body the
// `skill` tool returns. Pure: text in, a skill or the reason it is not one out.
import { parse as parseYaml } from "yaml";
import { z } from "zod";

export const SKILL_FILE = "SKILL.md";
const SKILL_NAME = /^[a-z0-9][a-z0-9_-]{0,63}$/;
const MAX_DESCRIPTION_CHARS = 1024;

const frontMatterSchema = z
  .object({
    name: z
      .string({ error: "missing: the skill's name, as its folder's" })
      .regex(SKILL_NAME, "1-64 lowercase letters, digits, - or _ (as the folder's name)"),
    description: z
      .string({ error: "missing: say in one line what the skill does and when to use it" })
      .trim()
      .min(1, "empty: say in one line what the skill does and when to use it")
      .max(MAX_DESCRIPTION_CHARS, `at most ${MAX_DESCRIPTION_CHARS} characters`),
  })
  .loose();

export interface ParsedSkill {
  name: string;
  /** One line (whitespace runs folded). */
  description: string;
  body: string;
}

export type ParseSkillResult = { ok: true; skill: ParsedSkill } | { ok: false; problem: string };

const FRONT_MATTER = /^\uFEFF?---[ \t]*\r?\n([\s\S]*?)\r?\n---[ \t]*(?:\r?\n|$)/;

/** Parses SKILL.md text; `folder` is the name of the folder it sits in (they must match). */
export function parseSkill(text: string, folder: string): ParseSkillResult {
  const match = FRONT_MATTER.exec(text);
  if (!match)
    return {
      ok: false,
      problem: "SKILL.md must open with YAML front matter: ---, name: …, description: …, ---",
    };
  let data: unknown;
  try {
    data = parseYaml(match[1] ?? "");
  } catch (error) {
    return {
      ok: false,
      problem: `the front matter is not valid YAML: ${(error as Error).message}`,
    };
  }
  const parsed = frontMatterSchema.safeParse(data ?? {});
  if (!parsed.success)
    return {
      ok: false,
      problem: parsed.error.issues
        .map((issue) => `${issue.path.join(".") || "front matter"}: ${issue.message}`)
        .join("; "),
    };
  if (parsed.data.name !== folder)
    return {
      ok: false,
      problem: `name "${parsed.data.name}" differs from its folder "${folder}"; rename one of them`,
    };
  return {
    ok: true,
    skill: {
      name: parsed.data.name,
      description: parsed.data.description.replace(/\s+/g, " "),
      body: text.slice(match[0].length).trim(),
    },
  };
}
