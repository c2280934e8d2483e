// The sandbox as `kern doctor` reports it without a daemon: the one the daemon would build now
// from the config (a trial run of bubblewrap), or why it would refuse to start.
import { loadConfig } from "../config/index.js";
import { isKernError, type SandboxStatusView } from "../kernel/index.js";
import { openSandbox, sandboxStatus } from "../runtime/index.js";

export async function sandboxReport(
  agentDir: string,
  env: Record<string, string | undefined>,
): Promise<SandboxStatusView> {
  const config = await loadConfig({ agentDir, env });
  try {
    return sandboxStatus(openSandbox(config));
  } catch (error) {
    if (!isKernError(error) || error.code !== "KERN_SANDBOX_UNAVAILABLE") throw error;
    return {
      setting: config.sandbox,
      mode: "none",
      network: config.sandboxNetwork,
      warning: `the daemon would not start: ${error.message}`,
    };
  }
}
