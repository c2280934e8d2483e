// GET /status one after another from a process of its own, so the test's own work (building a
// hostile file, the fake servers) is not what is measured. Each request alternates with one to a
// trivial HTTP server in a third process: on a machine shared by other work its latencies are the
// scheduling noise every process sees, which the daemon's figure is judged against (as
// test/e2e/faults-attack.test.ts does). A /status not answered within 10 s counts as 10 s.
import { spawn } from "node:child_process";
import { z } from "zod";

const POLLER = `
import { spawn } from "node:child_process";
const server = spawn(process.execPath, ["-e", "require('node:http').createServer((q, s) => s.end('{}')).listen(0, '127.0.0.1', function () { console.log(this.address().port); })"], { stdio: ["ignore", "pipe", "inherit"] });
const port = await new Promise((resolve) => server.stdout.once("data", (data) => resolve(Number(String(data).trim()))));
let running = true;
process.stdin.on("end", () => { running = false; }).resume();
const daemon = [];
const baseline = [];
const time = async (url, headers, into) => {
  const started = performance.now();
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(10000) });
    await response.arrayBuffer();
    into.push(response.ok ? performance.now() - started : 10000);
  } catch {
    into.push(10000);
  }
};
process.stdout.write("ready\\n");
while (running) {
  await time(process.env.STATUS_URL, { authorization: "Bearer " + process.env.STATUS_TOKEN }, daemon);
  await time("http://127.0.0.1:" + port + "/", {}, baseline);
  await new Promise((resolve) => setTimeout(resolve, 50));
}
server.kill();
process.stdout.write(JSON.stringify({ daemon, baseline }));
`;

const pollResultSchema = z.object({
  /** Latencies of GET /status, in ms. */
  daemon: z.array(z.number()),
  /** Latencies of the trivial server, in ms. */
  baseline: z.array(z.number()),
});
type PollResult = z.infer<typeof pollResultSchema>;

/** Starts polling; resolves once the poller runs. `stop` ends it and gives the latencies. */
export async function pollStatus(
  url: string,
  token: string,
): Promise<{ stop: () => Promise<PollResult> }> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", POLLER], {
    env: { ...process.env, STATUS_URL: new URL("/status", url).href, STATUS_TOKEN: token },
    stdio: ["pipe", "pipe", "inherit"],
  });
  let output = "";
  let ready!: () => void;
  const started = new Promise<void>((resolve) => {
    ready = resolve;
  });
  child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
    output += chunk;
    if (output.startsWith("ready\n")) ready();
  });
  const exited = new Promise<void>((resolve) => child.on("exit", () => resolve()));
  await Promise.race([started, exited]);
  return {
    stop: async () => {
      child.stdin.end();
      await exited;
      const text = output.slice("ready\n".length) || '{"daemon":[],"baseline":[]}';
      return pollResultSchema.parse(JSON.parse(text));
    },
  };
}
