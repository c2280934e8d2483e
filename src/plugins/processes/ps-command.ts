// `/ps` lists this run's background commands; `/ps stop ID` stops one.
import type { ProcessManager } from "./process-manager.js";
import { formatProcessLine, formatProcessList } from "./processes-tool.js";

export async function answerPsCommand(manager: ProcessManager, argument: string): Promise<string> {
  const [action, id] = argument.split(/\s+/).filter(Boolean);
  if (!action) return formatProcessList(manager.list());
  if (action !== "stop" || !id) return "usage: /ps, or /ps stop ID";
  const stopped = await manager.stop(id);
  if (!stopped) return `no background command ${id}; /ps lists them`;
  return formatProcessLine(stopped);
}
