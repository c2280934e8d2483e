// A free TCP port on 127.0.0.1 in a range, for `kern init` to write into a new agent's config:
// tried at random, checked by listening on it for a moment. Falls back to 0 (the daemon picks one
// at its first start and keeps it) when none of the tries is free.

import { randomInt } from "node:crypto";
import { createServer } from "node:net";

const TRIES = 20;

export async function pickPort(range: { from: number; to: number }): Promise<number | null> {
  for (let attempt = 0; attempt < TRIES; attempt++) {
    const port = randomInt(range.from, range.to + 1);
    if (await isFree(port)) return port;
  }
  return null;
}

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once("error", () => resolve(false));
    server.listen({ port, host: "127.0.0.1", exclusive: true }, () => {
      server.close(() => resolve(true));
    });
  });
}
