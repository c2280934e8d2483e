// Extensions (SPEC §14): the MCP servers with their state, tools and last error, and the skills
// with the folders that are not valid skills. Read-only: servers are configured in
// .kern/config.json, skills are folders in skills/ (docs/extensions.md).
import type { McpServerView, SkillsListView } from "../../../src/protocol/index.js";
import { api } from "../api.js";
import { errorBox, h, loading } from "../dom.js";

function serverItem(server: McpServerView): HTMLElement {
  const scope = server.toolScope === "full" ? "" : ` · ${server.toolScope} scope`;
  return h(
    "li",
    { class: "extension-item", "data-server": server.name, "data-state": server.state },
    h("strong", null, server.name),
    h("span", { class: `extension-state state-${server.state}` }, server.state),
    h("span", { class: "muted" }, `${server.transport ?? ""}${scope}`),
    server.tools.length > 0
      ? h(
          "details",
          null,
          h("summary", null, `${server.tools.length} tools`),
          h(
            "ul",
            { class: "extension-tools" },
            server.tools.map((tool) =>
              h("li", null, h("code", null, tool.name), ` ${tool.description}`),
            ),
          ),
        )
      : h("span", { class: "muted" }, "no tools"),
    server.error
      ? h(
          "pre",
          { class: "extension-error" },
          server.retrying ? `${server.error}\n(retrying)` : server.error,
        )
      : null,
  );
}

function skillsCard(view: SkillsListView): HTMLElement {
  return h(
    "section",
    { class: "card" },
    h("h2", null, `Skills (${view.skills.length})`),
    view.skills.length === 0
      ? h("p", { class: "muted" }, "No skills. Add a folder skills/NAME/ with a SKILL.md.")
      : h(
          "ul",
          { class: "extension-list" },
          view.skills.map((skill) =>
            h(
              "li",
              { class: "extension-item", "data-skill": skill.name },
              h("strong", null, skill.name),
              h("span", null, skill.description),
            ),
          ),
        ),
    view.problems.length === 0
      ? null
      : h(
          "ul",
          { class: "extension-list" },
          view.problems.map((problem) =>
            h("li", { class: "extension-error" }, `${problem.path}: ${problem.problem}`),
          ),
        ),
  );
}

export class ExtensionsView {
  readonly element: HTMLElement;
  private readonly body: HTMLElement;

  constructor() {
    this.body = h("div", { class: "extensions-body" });
    this.element = h("section", { class: "page-view", "aria-label": "Extensions" }, this.body);
  }

  async show(): Promise<void> {
    this.body.replaceChildren(loading());
    try {
      const [mcp, skills] = await Promise.all([api.mcpServers(), api.skills()]);
      this.body.replaceChildren(
        h(
          "section",
          { class: "card" },
          h("h2", null, `MCP servers (${mcp.servers.length})`),
          mcp.servers.length === 0
            ? h("p", { class: "muted" }, "None configured: add mcpServers to .kern/config.json.")
            : h("ul", { class: "extension-list" }, mcp.servers.map(serverItem)),
        ),
        skillsCard(skills),
      );
    } catch (error) {
      this.body.replaceChildren(errorBox(error));
    }
  }
}
