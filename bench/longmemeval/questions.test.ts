import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { hasEvidence, loadQuestions } from "./questions.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

describe("the vendored LongMemEval subset", () => {
  it("loads 60 questions with evidence, every question type represented", () => {
    const source = loadQuestions(ROOT, { subset: true });
    expect(source.name).toContain("vendored subset (60 questions)");
    expect(source.questions.every(hasEvidence)).toBe(true);
    const types = new Set(source.questions.map((question) => question.question_type));
    expect(types.size).toBe(6);
  });
});
