// The line that tells a person how to open the web UI: its URL and a one-time login code to type
// into the form (one step; the token never appears in a URL or on screen). Falls back to naming
// KERN_AUTH_TOKEN when the daemon gives no code.
import { connectDaemon } from "./daemon-command.js";

export async function webLoginLine(dir: string, url?: string): Promise<string> {
  const daemon = await connectDaemon(dir);
  const address = url ?? daemon?.address.url ?? "";
  try {
    if (daemon) {
      const { code } = await daemon.client.loginCode();
      return `web UI: ${address} · log in with code ${code} (one use, 10 min)`;
    }
  } catch {
    // an older daemon without /login/code: the token still works
  }
  return `web UI: ${address} · log in with KERN_AUTH_TOKEN from ${dir}/.kern/.env`;
}
