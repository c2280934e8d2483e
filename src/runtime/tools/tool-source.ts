// Where a turn's tools come from (STYLE, registries): the built-in tools are one source; MCP
// servers, skills, jobs and sub-agents register theirs. The runtime asks the registry for the
// tools of each turn, by scope and by the turn that asks (a sub-agent gets a narrower set).
import type { ToolSourceStatusView } from "../../kernel/index.js";
import { isToolInScope, type Tool, type ToolScope, type TurnInfo } from "./tool.js";

export type { TurnInfo } from "./tool.js";

export interface ToolRequest {
  scope: ToolScope;
  turn: TurnInfo;
}

export interface ToolSource {
  /** "builtin", "mcp", "skills", … — unique among the registered sources. */
  readonly id: string;
  /** The tools it offers this turn now, already filtered by `request.scope`. Never throws. */
  tools(request: ToolRequest): readonly Tool[];
  /** Its state for `kern status` (a source that can fail to start says why). */
  describe?(): ToolSourceStatusView;
}

/** The registered tool sources; the composition root registers, the turn loop asks. */
export class ToolRegistry {
  private readonly sources: ToolSource[] = [];

  /** Registers a source; returns the function that removes it again. */
  register(source: ToolSource): () => void {
    if (this.sources.some((known) => known.id === source.id))
      throw new Error(`a tool source "${source.id}" is registered already`);
    this.sources.push(source);
    return () => {
      const index = this.sources.indexOf(source);
      if (index >= 0) this.sources.splice(index, 1);
    };
  }

  /**
   * The tools of one turn, from every source in registration order. A name offered twice keeps
   * its first offer (built-in tools cannot be shadowed by an extension).
   */
  toolsFor(request: ToolRequest): Tool[] {
    const seen = new Set<string>();
    const tools: Tool[] = [];
    for (const source of this.sources) {
      for (const tool of source.tools(request)) {
        if (seen.has(tool.name) || !isToolInScope(tool, request.scope)) continue;
        seen.add(tool.name);
        tools.push(tool);
      }
    }
    return tools;
  }

  /** True when a source offers a tool named `name` now (at full scope, to no turn in particular). */
  offers(name: string): boolean {
    return this.sources.some((source) =>
      source.tools({ scope: "full", turn: STATUS_TURN }).some((tool) => tool.name === name),
    );
  }

  describe(): ToolSourceStatusView[] {
    return this.sources.map(
      (source) =>
        source.describe?.() ?? {
          id: source.id,
          state: "ready",
          tools: source.tools({ scope: "full", turn: STATUS_TURN }).length,
          error: null,
        },
    );
  }
}

/** The turn a status query counts tools for: none in particular, full scope. */
const STATUS_TURN: TurnInfo = {
  id: "status",
  kind: "message",
  envelope: { text: "", interface: "system", ts: "" },
  depth: 0,
};

/** The built-in tools of SPEC §7 as one source. */
export function createBuiltinToolSource(tools: readonly Tool[]): ToolSource {
  return {
    id: "builtin",
    tools: (request) => tools.filter((tool) => isToolInScope(tool, request.scope)),
  };
}
