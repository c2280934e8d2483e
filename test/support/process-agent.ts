// For e2e tests that run `kern` as real processes: an agent folder made by the real `kern init`
// whose model is the fake LLM, set up before the suite and torn down after it (daemon stopped,
// LLM closed, folder removed).
import { join } from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { type FakeLlm, startFakeLlm } from "../fakes/fake-llm-server.js";
import { kernProcess } from "./kern-process.js";
import { makeTempDir } from "./temp-dir.js";
import { answerBackgroundCalls } from "./test-daemon.js";

export interface ProcessAgent {
  readonly dir: string;
  /** The fake model; available once the suite's beforeAll has run. */
  readonly llm: FakeLlm;
}

/** Registers the suite's beforeAll/afterAll; `setup` runs after `kern init`. */
export function useProcessAgent(
  prefix: string,
  setup?: (dir: string) => void | Promise<void>,
): ProcessAgent {
  const temp = makeTempDir(prefix);
  const dir = join(temp.path, "agent");
  let llm: FakeLlm | null = null;
  beforeAll(async () => {
    llm = await startFakeLlm();
    answerBackgroundCalls(llm, "- (summary)", { fallback: true });
    const init = await kernProcess([
      ...["init", dir, "--provider", "openai-compatible", "--model", "fake-model"],
      ...["--base-url", llm.baseUrl],
    ]);
    expect(init.code, init.stderr).toBe(0);
    await setup?.(dir);
  }, 60_000);
  afterAll(async () => {
    await kernProcess(["stop", dir]);
    await llm?.close();
    temp.cleanup();
  }, 60_000);
  return {
    dir,
    get llm(): FakeLlm {
      if (!llm) throw new Error("the fake LLM starts in beforeAll");
      return llm;
    },
  };
}

/** True while a process with this pid exists. */
export function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
