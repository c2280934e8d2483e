// A cap on connections that have not authenticated (issue 33 item 8: 1,000 half-open connections
// without a token exhausted the daemon's 1,024 file descriptors, and then nobody got in). Every
// accepted socket counts as a stranger until a request on it authenticates; past the cap the
// oldest stranger is closed, so a flood only ever holds `maxStrangers` descriptors and an
// operator's new connection (which sends its request at once) still gets through.
import type { Server } from "node:http";
import type { Socket } from "node:net";

/** Strangers held at once. A browser opens ~6 sockets before it logs in; 128 leaves room for many. */
export const DEFAULT_MAX_UNAUTHENTICATED_CONNECTIONS = 128;

export interface ConnectionGuard {
  /** The socket carried an authenticated request: it no longer counts against the cap. */
  trust(socket: Socket): void;
  /** Sockets waiting to authenticate now, and how many the guard has closed so far. */
  counts(): { strangers: number; closed: number };
}

/** Watches `server`'s connections; call before it listens. */
export function guardConnections(server: Server, maxStrangers: number): ConnectionGuard {
  // A Set iterates in insertion order: the first entry is the oldest stranger.
  const strangers = new Set<Socket>();
  let closed = 0;
  server.on("connection", (socket: Socket) => {
    strangers.add(socket);
    socket.once("close", () => strangers.delete(socket));
    while (strangers.size > maxStrangers) {
      const oldest = strangers.values().next().value;
      if (oldest === undefined) break;
      strangers.delete(oldest);
      closed += 1;
      oldest.destroy();
    }
  });
  return {
    trust(socket) {
      strangers.delete(socket);
    },
    counts: () => ({ strangers: strangers.size, closed }),
  };
}
