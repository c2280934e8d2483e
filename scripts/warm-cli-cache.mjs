// Makes the V8 code cache of the CLI's script bundle (run by scripts/bundle-cli.ts under plain
// node, as bin/kern runs): the reading commands run once against an empty agent in a temporary
// folder, in this process, and the cache is taken after, so it holds the functions they compiled
// (a cache of the top level alone saved half as much). Usage: node scripts/warm-cli-cache.mjs FILE
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Writable } from "node:stream";
import { cacheFileFor, runScript } from "../bin/cached-script.mjs";

const READING_COMMANDS = [
  ["status"],
  ["status", "--json"],
  ["segments"],
  ["segments", "--json"],
  ["context"],
  ["context", "--json"],
  ["recall", "deploy"],
  ["recall", "deploy", "--json"],
  ["memory"],
];

const scriptFile = process.argv[2];
if (!scriptFile)
  throw new Error("usage: node scripts/warm-cli-cache.mjs dist/bundle/script/cli.cjs");
const { exports: cli, script } = runScript(scriptFile);
const agentDir = mkdtempSync(join(tmpdir(), "kern-warm-"));
const sink = new Writable({ write: (_chunk, _encoding, done) => done() });
try {
  mkdirSync(join(agentDir, ".kern"));
  for (const args of READING_COMMANDS) {
    const argv = ["node", "kern", ...args, agentDir];
    const code = await cli.runCli(argv, { stdout: sink, stderr: sink, env: {} });
    if (code !== 0)
      throw new Error(`warming the code cache: kern ${args.join(" ")} exited ${code}`);
  }
} finally {
  rmSync(agentDir, { recursive: true, force: true });
}
writeFileSync(cacheFileFor(scriptFile), script.createCachedData());
process.exit(0);
