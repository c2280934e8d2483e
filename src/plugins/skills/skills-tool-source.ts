// The tool source "skills": the `skill` tool, offered whether or not a skill exists so that
// `<tools>` (before `<skills>` in the prompt) does not change when the first skill is written.

import type { ToolSourceStatusView } from "../../kernel/index.js";
import type { Tool, ToolRequest, ToolSource } from "../../runtime/index.js";
import { isToolInScope } from "../../runtime/index.js";
import type { SkillCatalog } from "./skill-catalog.js";
import { createSkillTool } from "./skill-tool.js";

export class SkillsToolSource implements ToolSource {
  readonly id = "skills";
  private readonly tool: Tool;

  constructor(private readonly catalog: SkillCatalog) {
    this.tool = createSkillTool(catalog);
  }

  tools(request: ToolRequest): readonly Tool[] {
    return isToolInScope(this.tool, request.scope) ? [this.tool] : [];
  }

  describe(): ToolSourceStatusView {
    const { skills, problems } = this.catalog.current();
    return {
      id: this.id,
      state: "ready",
      tools: 1,
      error:
        problems.length > 0
          ? `${skills.length} skill(s); ${problems.length} folder(s) not loaded: ${problems.map((problem) => problem.path).join(", ")} ('kern skills list' says why)`
          : null,
    };
  }
}
