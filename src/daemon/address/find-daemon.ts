// Where the agent's running daemon listens and the token to call it with, from the pid file and
// .kern/.env alone: the CLI's HTTP paths need nothing heavier (issue 17: CLI start).
import { agentPaths, assertAgentFolder, readEnvFile } from "../../config/index.js";
import { readPidFile } from "./pid-file.js";

export interface DaemonAddress {
  pid: number;
  port: number | null;
  url: string;
  token: string;
}

/** The running daemon's address and token, or null when it does not run. */
export async function findDaemon(agentDir: string): Promise<DaemonAddress | null> {
  await assertAgentFolder(agentDir);
  const paths = agentPaths(agentDir);
  const record = readPidFile(paths.pidFile);
  if (!record) return null;
  const token = (await readEnvFile(paths.envFile))["KERN_AUTH_TOKEN"] ?? "";
  return {
    pid: record.pid,
    port: record.port,
    url: `http://127.0.0.1:${record.port ?? 0}/`,
    token,
  };
}
