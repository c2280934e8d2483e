// Skills on disk: parsed with their front matter, broken ones reported (not fatal), rescanned when
// the agent writes one, copied in by `addSkill` only when valid.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir } from "../../../test/support/temp-dir.js";
import { addSkill } from "./add-skill.js";
import { parseSkill } from "./parse-skill.js";
import { SkillCatalog, skillsSectionText } from "./skill-catalog.js";

function writeSkill(root: string, folder: string, text: string): void {
  mkdirSync(join(root, folder), { recursive: true });
  writeFileSync(join(root, folder, "SKILL.md"), text);
}

const DEPLOY =
  "---\nname: deploy\ndescription: >\n  How to ship the site:\n  build, upload.\n---\n\n# Deploy\n\n1. npm run build\n";

describe("parseSkill", () => {
  it("reads name and a one-line description from the front matter, and the body after it", () => {
    const parsed = parseSkill(DEPLOY, "deploy");
    expect(parsed).toEqual({
      ok: true,
      skill: {
        name: "deploy",
        description: "How to ship the site: build, upload.",
        body: "# Deploy\n\n1. npm run build",
      },
    });
  });

  it("says why a file is not a skill", () => {
    const problem = (text: string, folder = "x") => {
      const parsed = parseSkill(text, folder);
      return parsed.ok ? null : parsed.problem;
    };
    expect(problem("# no front matter")).toMatch(/must open with YAML front matter/);
    expect(problem("---\nname: x\n---\nbody")).toMatch(/description/);
    expect(problem("---\nname: [x\ndescription: y\n---\n")).toMatch(/not valid YAML/);
    expect(problem("---\nname: Other Name\ndescription: d\n---\n")).toMatch(/name: 1-64/);
    expect(problem("---\nname: other\ndescription: d\n---\n")).toMatch(/differs from its folder/);
  });
});

describe("SkillCatalog", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it("lists valid skills, reports broken ones, and sees a skill written later", async () => {
    const skills = join(temp.path, "skills");
    writeSkill(skills, "deploy", DEPLOY);
    writeSkill(skills, "broken", "no front matter");
    mkdirSync(join(skills, "empty"));
    const catalog = new SkillCatalog(temp.path);
    const first = await catalog.refresh();
    expect(first.skills.map((skill) => skill.name)).toEqual(["deploy"]);
    expect(first.problems.map((problem) => problem.path).sort()).toEqual([
      "skills/broken/SKILL.md",
      "skills/empty",
    ]);
    expect(skillsSectionText(first.skills)).toBe("- deploy: How to ship the site: build, upload.");
    writeSkill(skills, "backup", "---\nname: backup\ndescription: Back up the db.\n---\nrun it");
    expect((await catalog.refresh()).skills.map((skill) => skill.name)).toEqual([
      "backup",
      "deploy",
    ]);
    expect(await catalog.body("backup")).toMatchObject({ body: "run it" });
    expect(await catalog.body("broken")).toBeNull();
  });

  it("has no skills in a folder without skills/", async () => {
    expect(await new SkillCatalog(temp.path).refresh()).toEqual({ skills: [], problems: [] });
  });
});

describe("addSkill", () => {
  let temp: ReturnType<typeof makeTempDir>;
  beforeEach(() => {
    temp = makeTempDir();
  });
  afterEach(() => temp.cleanup());

  it("copies a valid skill folder with the files beside SKILL.md, and refuses a second copy", async () => {
    const source = join(temp.path, "src");
    writeSkill(source, "deploy", DEPLOY);
    writeFileSync(join(source, "deploy", "checklist.md"), "- tests green\n");
    const agent = join(temp.path, "agent");
    mkdirSync(agent);
    const added = await addSkill({ agentDir: agent, source: join(source, "deploy") });
    expect(added).toMatchObject({ name: "deploy", folder: "skills/deploy" });
    const catalog = new SkillCatalog(agent);
    expect((await catalog.refresh()).skills).toHaveLength(1);
    const again = await addSkill({ agentDir: agent, source: join(source, "deploy") }).catch(
      (error: unknown) => error,
    );
    expect(again).toMatchObject({ code: "KERN_SKILL_INVALID" });
  });

  it("refuses a folder whose SKILL.md is broken or missing", async () => {
    writeSkill(temp.path, "bad", "---\nname: bad\n---\n");
    mkdirSync(join(temp.path, "none"));
    for (const folder of ["bad", "none", "absent"]) {
      const error = await addSkill({ agentDir: temp.path, source: join(temp.path, folder) }).catch(
        (caught: unknown) => caught,
      );
      expect(error, folder).toMatchObject({ code: "KERN_SKILL_INVALID" });
    }
  });
});
