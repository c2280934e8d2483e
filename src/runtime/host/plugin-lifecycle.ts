// Plugins' start and stop hooks (fastify's onReady / onClose): started in the order the plugins
// were set up, stopped in the reverse order. A hook that throws is logged and the others run: one
// plugin cannot keep the daemon from starting or from stopping.
import { describeError } from "../../kernel/index.js";
import type { Logger } from "../../log/index.js";

type Hook = () => void | Promise<void>;

export class PluginLifecycle {
  private readonly starts: Array<{ plugin: string; hook: Hook }> = [];
  private readonly stops: Array<{ plugin: string; hook: Hook }> = [];

  constructor(private readonly logger: Logger) {}

  onStart(plugin: string, hook: Hook): void {
    this.starts.push({ plugin, hook });
  }

  onStop(plugin: string, hook: Hook): void {
    this.stops.push({ plugin, hook });
  }

  /** Runs every start hook once, in order. */
  async start(): Promise<void> {
    for (const { plugin, hook } of this.starts.splice(0)) await this.run(plugin, hook, "start");
  }

  /** Runs every stop hook once, last plugin first. */
  async stop(): Promise<void> {
    for (const { plugin, hook } of this.stops.splice(0).reverse())
      await this.run(plugin, hook, "stop");
  }

  private async run(plugin: string, hook: Hook, phase: "start" | "stop"): Promise<void> {
    try {
      await hook();
    } catch (error) {
      this.logger.error({ plugin, phase, error: describeError(error) }, "plugin hook failed");
    }
  }
}
