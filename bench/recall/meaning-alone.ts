// Meaning alone, round 19's measure (ADR 0004): each message's vector against the question's,
// the nearest 10 over the whole conversation (no word shared needed), tool outputs left out, the
// history's common direction taken out of both when asked. Shared by run-meaning.ts (weightings
// of the shipped word vectors) and run-sentence-meaning.ts (a sentence encoder, round 28).
import { firstComponent, withoutComponent } from "../../src/memory/embeddings/common-component.js";
import { cosineSimilarity } from "../../src/memory/embeddings/embedder.js";
import { type Conversation, spokenLines } from "./yardstick-data.js";

/** Vectors of texts: the messages' (`kind` "m") or one question set's (`q-<set>`). */
export type VectorsOf = (kind: string, texts: string[]) => Float32Array[] | Promise<Float32Array[]>;

export interface AloneScore {
  n: number;
  at5: number;
  at10: number;
}

async function scoreConversation(
  c: Conversation,
  set: string,
  vectorsOf: VectorsOf,
  common: boolean,
  score: AloneScore,
): Promise<void> {
  const questions = c.questions.filter((q) => q.set === set);
  if (questions.length === 0) return;
  const { seqs, texts } = spokenLines(c);
  let vectors = await vectorsOf("m", texts);
  let targets = await vectorsOf(
    `q-${set}`,
    questions.map((q) => q.question),
  );
  const direction = common ? firstComponent(vectors) : null;
  if (direction) {
    vectors = vectors.map((v) => withoutComponent(v, direction));
    targets = targets.map((v) => withoutComponent(v, direction));
  }
  for (const [index, q] of questions.entries()) {
    const target = targets[index] as Float32Array;
    const ranked = vectors
      .map((v, row) => ({ seq: seqs[row] as number, s: cosineSimilarity(target, v) }))
      .sort((a, b) => b.s - a.s)
      .slice(0, 10)
      .map((entry) => entry.seq);
    score.n += 1;
    if (ranked.slice(0, 5).some((seq) => q.evidence.has(seq))) score.at5 += 1;
    if (ranked.some((seq) => q.evidence.has(seq))) score.at10 += 1;
  }
}

/** Recall @5 / @10 by meaning alone over `set`'s questions, as "0.123 / 0.456". */
export async function meaningAlone(
  conversations: readonly Conversation[],
  set: string,
  vectorsOf: VectorsOf,
  common: boolean,
  progress?: (done: number) => void,
): Promise<string> {
  const score: AloneScore = { n: 0, at5: 0, at10: 0 };
  for (const [index, c] of conversations.entries()) {
    await scoreConversation(c, set, vectorsOf, common, score);
    progress?.(index + 1);
  }
  return `${(score.at5 / score.n).toFixed(3)} / ${(score.at10 / score.n).toFixed(3)}`;
}
