// What the fake runtimes answer for the plugins' work routes and approvals: a sub-agents and
// background-commands view behind the routes the real plugins register (GET /subagents,
// GET /processes, cancel, stop), and a list of approvals decided in place.
import type { ApprovalView } from "../../src/kernel/index.js";
import {
  type ProcessRow,
  processListSchema,
  processRowSchema,
  type SubagentRow,
  subagentListSchema,
  subagentRowSchema,
} from "../../src/protocol/index.js";
import { PluginRegistries, type RuntimeApi } from "../../src/runtime/index.js";

export interface FakeWorkView {
  subagents: SubagentRow[];
  processes: ProcessRow[];
}

/** Registries holding the routes of the work plugins over `view()`. */
export function fakeWorkRegistries(view: () => FakeWorkView): PluginRegistries {
  const registries = new PluginRegistries();
  const idOf = (params: unknown) => (params as { id: string }).id;
  registries.addRoutes("subagents", "", [
    {
      method: "GET",
      path: "/subagents",
      response: subagentListSchema,
      handle: async () => ({ subagents: view().subagents }),
    },
    {
      method: "POST",
      path: "/subagents/:id/cancel",
      response: subagentRowSchema,
      handle: async (request) => {
        const row = view().subagents.find((candidate) => candidate.id === idOf(request.params));
        return { ...row, state: "cancelled" };
      },
    },
  ]);
  registries.addRoutes("processes", "", [
    {
      method: "GET",
      path: "/processes",
      response: processListSchema,
      handle: async () => ({ processes: view().processes }),
    },
    {
      method: "POST",
      path: "/processes/:id/stop",
      response: processRowSchema,
      handle: async (request) => {
        const row = view().processes.find((candidate) => candidate.id === idOf(request.params));
        return { ...row, state: "stopped" };
      },
    },
  ]);
  return registries;
}

/** Approvals a test lists and decides: a yes or no changes the view's state, nothing runs. */
export function fakeApprovals(views: ApprovalView[]): RuntimeApi["approvals"] {
  return {
    list: () => views,
    pendingCount: () => views.filter((view) => view.state === "pending").length,
    decide: async (id, decision) => {
      const view = views.find((candidate) => candidate.id === id);
      if (!view) throw new Error(`no approval ${id}`);
      view.state = decision.approve ? "approved" : "denied";
      view.decidedBy = decision.by;
      return view;
    },
  };
}
