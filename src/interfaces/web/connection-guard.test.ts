// The stranger cap over real sockets: silent connections past the cap are closed oldest first,
// while a connection that authenticated keeps working and new authenticated requests get in.
import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import {
  startTestServer,
  TEST_TOKEN,
  type TestServer,
} from "../../../test/support/web-test-server.js";

let current: TestServer | null = null;
const sockets: Socket[] = [];

afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.destroy();
  await current?.dispose();
  current = null;
});

function open(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: "127.0.0.1", port }, () => resolve(socket));
    socket.on("error", reject);
    sockets.push(socket);
  });
}

/** Sends one keep-alive GET /status on `socket` and resolves with the status line. */
function askStatus(socket: Socket): Promise<string> {
  return new Promise((resolve) => {
    let text = "";
    const onData = (chunk: Buffer) => {
      text += chunk.toString("latin1");
      if (text.includes("\r\n\r\n")) {
        socket.off("data", onData);
        resolve(text.slice(0, text.indexOf("\r\n")));
      }
    };
    socket.on("data", onData);
    socket.write(
      `GET /status HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${TEST_TOKEN}\r\n\r\n`,
    );
  });
}

async function waitFor(probe: () => boolean, what: string): Promise<void> {
  for (let tries = 0; tries < 500 && !probe(); tries += 1) {
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  expect(probe(), what).toBe(true);
}

describe("the cap on unauthenticated connections (issue 33 item 8)", () => {
  it("closes the oldest silent connections past the cap and keeps serving the operator", async () => {
    current = startTestServer({ maxUnauthenticatedConnections: 20 });
    const { port } = await current.server.listen({ host: "127.0.0.1", port: 0 });
    const operator = await open(port);
    expect(await askStatus(operator)).toBe("HTTP/1.1 200 OK");
    const silent: Socket[] = [];
    let closedByServer = 0;
    for (let index = 0; index < 200; index += 1) {
      const socket = await open(port);
      socket.on("close", () => {
        closedByServer += 1;
      });
      socket.write("GET /status HTTP/1.1\r\n"); // half a request, then nothing
      silent.push(socket);
    }
    await waitFor(() => closedByServer >= 180, `180 of 200 closed (saw ${closedByServer})`);
    expect(closedByServer).toBe(180);
    expect(silent.slice(-20).every((socket) => !socket.destroyed)).toBe(true);
    expect(operator.destroyed).toBe(false);
    expect(await askStatus(operator)).toBe("HTTP/1.1 200 OK");
    const fresh = await open(port);
    expect(await askStatus(fresh)).toBe("HTTP/1.1 200 OK");
  });
});
