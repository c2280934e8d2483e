// The agent's time zone for what a command prints (times are in the agent's zone, not UTC).
import { hostTimezone } from "../kernel/index.js";
import { loadConfigModule } from "./load-daemon.js";

/** The agent's `timezone` (the host's when unset, or when the config cannot be read). */
export async function agentTimezone(
  dir: string,
  env: Record<string, string | undefined>,
): Promise<string> {
  const { loadConfig } = await loadConfigModule();
  const config = await loadConfig({ agentDir: dir, env }).catch(() => null);
  return config?.timezone ?? hostTimezone();
}
