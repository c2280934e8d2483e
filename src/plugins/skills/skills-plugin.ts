// Skills as a plugin (SPEC §14, §17): `skills/NAME/SKILL.md` of the agent folder, the `skill`
// tool, the `<skills>` prompt section (rescanned for every step: a skill may be written
// mid-turn), `/skills`, the `/extensions/skills` route.
import { formatSkillsList, skillsListViewSchema } from "../../protocol/index.js";
import type { KernPlugin } from "../../runtime/index.js";
import { SkillCatalog, skillsSectionText } from "./skill-catalog.js";
import { SkillsToolSource } from "./skills-tool-source.js";

export const skillsPlugin: KernPlugin = {
  name: "skills",
  setup(host) {
    const catalog = new SkillCatalog(host.kern.config.agentDir);
    host.registerToolSource(new SkillsToolSource(catalog));
    host.registerPromptSection({
      tag: "skills",
      text: async () => skillsSectionText((await catalog.refresh()).skills),
    });
    host.registerCommand({
      name: "skills",
      help: "the agent's skills (skills/NAME/SKILL.md)",
      operatorOnly: true,
      answer: async () => formatSkillsList(await catalog.refresh()),
    });
    host.registerRoutes([
      {
        method: "GET",
        path: "/extensions/skills",
        response: skillsListViewSchema,
        handle: async () => catalog.refresh(),
      },
    ]);
    host.onStart(() => {
      catalog
        .refresh()
        .catch((error: unknown) => host.log.warn({ err: error }, "could not read skills/"));
    });
  },
};
