// The chat commands the daemon answers (GET /commands: the core's and its plugins'), fetched on
// each connect: Tab completes them, and a `/word` among them goes to the daemon, not the model.
import { useEffect, useState } from "react";
import type { DaemonClient } from "../../../client/index.js";

export function useDaemonCommands(client: DaemonClient, connected: boolean): string[] | null {
  const [commands, setCommands] = useState<string[] | null>(null);
  useEffect(() => {
    if (!connected) return;
    let current = true;
    client.commands().then(
      (list) => {
        if (current) setCommands(list.map((command) => command.name));
      },
      () => undefined, // an older daemon without the route: every /word goes to it
    );
    return () => {
      current = false;
    };
  }, [client, connected]);
  return commands;
}
