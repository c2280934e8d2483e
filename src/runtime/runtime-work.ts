// The work the runtime does beside its turns: sub-agents and background commands, registered by
// the composition root (runtime/subagents/, runtime/processes/). Listing, cancelling, stopping.
import type { ProcessRow, SubagentRow, WorkView } from "../kernel/index.js";
import type { ProcessControl, SubagentControl } from "./runtime-api.js";
import type { BackgroundStarter } from "./tools/tool.js";

export class RuntimeWork {
  private subagents: SubagentControl | null = null;
  private processes: (ProcessControl & { starter: BackgroundStarter }) | null = null;

  registerSubagents(control: SubagentControl): void {
    this.subagents = control;
  }

  registerProcesses(control: ProcessControl & { starter: BackgroundStarter }): void {
    this.processes = control;
  }

  /** What starts a background command from a tool call; null until processes are registered. */
  get starter(): BackgroundStarter | null {
    return this.processes?.starter ?? null;
  }

  list(): WorkView {
    return { subagents: this.subagents?.list() ?? [], processes: this.processes?.list() ?? [] };
  }

  /** Only what still runs, for status. */
  running(): WorkView {
    const all = this.list();
    return {
      subagents: all.subagents.filter((row) => row.state === "running"),
      processes: all.processes.filter((row) => row.state === "running"),
    };
  }

  cancelSubagent(id: string): Promise<SubagentRow | null> {
    return this.subagents?.cancel(id) ?? Promise.resolve(null);
  }

  stopProcess(id: string): Promise<ProcessRow | null> {
    return this.processes?.stop(id) ?? Promise.resolve(null);
  }
}
