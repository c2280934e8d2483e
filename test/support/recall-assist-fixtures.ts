// What the recallAssist tests on a real daemon share (issue 51): a three-fact history about a
// deploy, told through real turns, and how to find and answer the rerank call on the fake model.
import { RERANK_SYSTEM } from "../../src/memory/recall/recall-assist-model.js";
import type { FakeChatRequest } from "../fakes/fake-llm-server.js";
import type { TestDaemon } from "./test-daemon.js";

/** Three facts a search for "deploy" finds; without a rerank the window's is not first. */
const DEPLOY_FACTS = [
  "The deploy of the billing service failed on Monday.",
  "We moved the deploy window to Thursday evenings.",
  "The deploy script needs the new registry token.",
];

/** Whether a request to the fake model is recall's rerank call. */
export const isRerank = (request: FakeChatRequest) =>
  String(request.messages[0]?.content) === RERANK_SYSTEM;

/** The number the rerank prompt gave the candidate holding `word` ("none" when none holds it). */
export function rerankNumberOf(request: FakeChatRequest, word: string): string {
  const lines = String(request.messages[1]?.content).split("\n");
  return lines.find((line) => line.includes(word))?.match(/^\[(\d+)\]/u)?.[1] ?? "none";
}

/** Tells the daemon each of DEPLOY_FACTS in a turn of its own, as a person would. */
export async function tellDeployFacts(harness: TestDaemon): Promise<void> {
  for (const fact of DEPLOY_FACTS) {
    harness.llm.reply("Noted.");
    const { turnId } = await harness.client.sendMessage({ text: `Remember: ${fact}` });
    await harness.turnEvents(turnId);
  }
}
