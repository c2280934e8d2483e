import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type FakeLlm, fakeEmbedding, startFakeLlm } from "../../test/fakes/fake-llm-server.js";
import { ModelError } from "../kernel/index.js";
import { createSilentLogger } from "../log/index.js";
import { createOpenAiEmbeddingClient } from "./index.js";

let llm: FakeLlm;

beforeEach(async () => {
  llm = await startFakeLlm();
});

afterEach(async () => {
  await llm.close();
});

function clientFor(batchSize?: number) {
  return createOpenAiEmbeddingClient({
    baseUrl: llm.baseUrl,
    apiKey: null,
    model: "nomic-embed-text",
    logger: createSilentLogger(),
    ...(batchSize ? { batchSize } : {}),
  });
}

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe("createOpenAiEmbeddingClient", () => {
  it("returns one float vector per text, in order", async () => {
    const texts = ["deploy the blog", "fix the failing test", "plan the trip to Lisbon"];
    const client = clientFor();
    expect(client.model).toBe("nomic-embed-text");
    expect(await client.embed(texts)).toEqual(texts.map(fakeEmbedding));
    expect(llm.embeddingRequests).toHaveLength(1);
    expect(llm.embeddingRequests[0]).toMatchObject({
      model: "nomic-embed-text",
      encoding_format: "float",
      input: texts,
    });
  });

  it("sends at most batchSize inputs per request", async () => {
    const texts = ["one", "two", "three", "four", "five"];
    expect(await clientFor(2).embed(texts)).toEqual(texts.map(fakeEmbedding));
    const inputs = llm.embeddingRequests.map((request) => JSON.stringify(request.input));
    expect(inputs.sort()).toEqual(
      [["one", "two"], ["three", "four"], ["five"]].map((batch) => JSON.stringify(batch)).sort(),
    );
  });

  it("packs inputs up to the character ceiling, one request per full batch", async () => {
    const client = createOpenAiEmbeddingClient({
      baseUrl: llm.baseUrl,
      apiKey: null,
      model: "text-embedding-3-small",
      batchChars: 10,
      logger: createSilentLogger(),
    });
    const texts = ["aaaa", "bbbb", "cccc", "a-much-longer-input", "dd"];
    expect(await client.embed(texts)).toEqual(texts.map(fakeEmbedding));
    // Requests overlap, so they may arrive in any order.
    const inputs = llm.embeddingRequests.map((request) => JSON.stringify(request.input));
    expect(inputs.sort()).toEqual(
      [["aaaa", "bbbb"], ["cccc"], ["a-much-longer-input"], ["dd"]]
        .map((batch) => JSON.stringify(batch))
        .sort(),
    );
  });

  it("sends a 20k-message history in a handful of requests by default", async () => {
    const texts = Array.from({ length: 5_000 }, (_, index) => `message ${index} about the deploy`);
    await clientFor().embed(texts);
    expect(llm.embeddingRequests).toHaveLength(3);
  });

  it("halves an over-long input while the others in its batch succeed", async () => {
    llm.rejectEmbeddingInputsLongerThan(100);
    const long = "alpha beta gamma delta ".repeat(6); // 138 chars
    const texts = ["short one", long, "short two"];
    const vectors = await clientFor().embed(texts);
    expect(vectors[0]).toEqual(fakeEmbedding("short one"));
    expect(vectors[1]).toEqual(fakeEmbedding(long.slice(0, 69)));
    expect(vectors[2]).toEqual(fakeEmbedding("short two"));
  });

  it("gives null for an input still rejected after four halvings, and vectors for the rest", async () => {
    llm.rejectEmbeddingInputsLongerThan(5);
    const vectors = await clientFor().embed(["tiny", "x".repeat(200), "small"]);
    expect(vectors).toEqual([fakeEmbedding("tiny"), null, fakeEmbedding("small")]);
    const tried = llm.embeddingRequests
      .map((request) => request.input)
      .filter((input) => Array.isArray(input) && input.length === 1 && input[0]?.startsWith("xx"));
    expect(tried.map((input) => input[0]?.length)).toEqual([200, 100, 50, 25, 12]);
  });

  it("never cuts inside a surrogate pair and repairs lone surrogates", async () => {
    llm.rejectEmbeddingInputsLongerThan(20);
    const emoji = "😀".repeat(15); // 30 UTF-16 units; a plain cut at 15 would split a pair
    const vectors = await clientFor().embed([emoji, "broken \uD83D text"]);
    expect(vectors[0]).not.toBeNull();
    expect(vectors[1]).toEqual(fakeEmbedding("broken \uFFFD text"));
    const inputs = llm.embeddingRequests.flatMap((request) => request.input);
    for (const input of inputs) expect(LONE_SURROGATE.test(input)).toBe(false);
    expect(inputs).toContain("😀".repeat(7));
  });

  it("gives null for empty texts without sending them", async () => {
    expect(await clientFor().embed(["", "words", "  "])).toEqual([
      null,
      fakeEmbedding("words"),
      null,
    ]);
    expect(llm.embeddingRequests.map((request) => request.input)).toEqual([["words"]]);
    expect(await clientFor().embed([])).toEqual([]);
  });

  it("throws a retryable ModelError on a transient failure", async () => {
    llm.failNextEmbedding(503);
    const failure = clientFor().embed(["hello"]);
    await expect(failure).rejects.toBeInstanceOf(ModelError);
    llm.failNextEmbedding(429);
    const error: unknown = await clientFor()
      .embed(["hello"])
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ code: "KERN_MODEL_HTTP", status: 429, isRetryable: true });
  });

  it("throws a refusal that is not about the input instead of halving", async () => {
    llm.failNextEmbedding(401);
    await expect(clientFor().embed(["hello"])).rejects.toMatchObject({ status: 401 });
    expect(llm.embeddingRequests).toHaveLength(1);
  });

  it("throws KERN_MODEL_CANCELLED when aborted", async () => {
    await expect(clientFor().embed(["hello"], AbortSignal.abort())).rejects.toMatchObject({
      code: "KERN_MODEL_CANCELLED",
    });
  });
});
