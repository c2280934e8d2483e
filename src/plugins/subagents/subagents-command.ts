// `/subagents` lists this run's sub-agents; `/subagents cancel ID` cancels one.

import { formatSubagentLine, formatSubagentList } from "./subagent-list.js";
import type { SubagentManager } from "./subagent-manager.js";

export async function answerSubagentsCommand(
  manager: SubagentManager,
  argument: string,
): Promise<string> {
  const [action, id] = argument.split(/\s+/).filter(Boolean);
  if (!action) return formatSubagentList(manager.list());
  if (action !== "cancel" || !id) return "usage: /subagents, or /subagents cancel ID";
  const ended = await manager.cancel(id);
  if (!ended) return `no sub-agent ${id}; /subagents lists them`;
  return formatSubagentLine(ended);
}
