// `kern service status`, and the service line of `kern status`: which service runs the agent and
// what its manager says. Light (no daemon code): `kern status` loads it on its fast path.
import { assertAgentFolder } from "../../config/index.js";
import { findAgentService } from "./find-agent-service.js";
import { serviceControl } from "./service-control.js";
import { type ServiceHost, systemServiceHost } from "./service-host.js";
import type { ServiceManager } from "./service-spec.js";
import type { ServiceState } from "./systemd-manager.js";

export interface ServiceStatus {
  installed: boolean;
  manager: ServiceManager | null;
  name: string | null;
  file: string | null;
  state: ServiceState | null;
  lingering: boolean | null;
}

/** The agent's service and what its manager says of it; `installed: false` without one. */
export async function serviceStatus(options: {
  agentDir: string;
  env: Record<string, string | undefined>;
  host?: ServiceHost;
}): Promise<ServiceStatus> {
  await assertAgentFolder(options.agentDir);
  const host = options.host ?? systemServiceHost(options.env);
  const found = findAgentService(options.agentDir, host);
  if (!found)
    return {
      installed: false,
      manager: null,
      name: null,
      file: null,
      state: null,
      lingering: null,
    };
  const control = serviceControl(found.manager, host);
  const [state, lingering] = await Promise.all([control.state(found.name), control.lingering()]);
  return { installed: true, ...found, state, lingering };
}
