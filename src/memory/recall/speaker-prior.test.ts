import { describe, expect, it } from "vitest";
import { DEFAULT_RECALL_TUNING } from "./recall-tuning.js";
import { asksAboutAnswerer, asksAboutAsker, speakerWeights } from "./speaker-prior.js";

describe("speakerWeights", () => {
  it("weighs the user's messages up only for a question in the first person", () => {
    expect(asksAboutAsker("What type of cocktail recipe did I try last weekend?")).toBe(true);
    expect(asksAboutAsker("Remind me of my gym membership number")).toBe(true);
    expect(asksAboutAsker("I'm looking for the invoice")).toBe(true);
    expect(asksAboutAsker("cache-02 routing key")).toBe(false);
    expect(asksAboutAsker("Which IKEA item did we pick, and why?")).toBe(false);
    expect(asksAboutAsker("the iPhone bill")).toBe(false);
    const asked = speakerWeights("what did I order");
    expect(asked("user")).toBe(DEFAULT_RECALL_TUNING.speaker.firstPersonUser);
    expect(asked("assistant")).toBe(1);
    expect(speakerWeights("gym membership number")("user")).toBe(1);
  });

  it("does not weigh the user up when the question asks what the answerer said", () => {
    const asked = [
      "Can you remind me of the Mayo Clinic video you recommended?",
      "how many eggs did you say we need for the recipe?",
      "I remember you told me about the refining processes at CITGO",
      "I'm going back to our previous chat about the one-shot. How many mummies are there?",
    ];
    for (const question of asked) {
      expect(asksAboutAnswerer(question), question).toBe(true);
      expect(speakerWeights(question)("user"), question).toBe(1);
    }
    // A request to the answerer is not a question about what it said.
    for (const question of ["Can you recommend a show for me?", "Do you think it is my room?"]) {
      expect(asksAboutAnswerer(question), question).toBe(false);
      expect(speakerWeights(question)("user")).toBe(DEFAULT_RECALL_TUNING.speaker.firstPersonUser);
    }
  });

  it("weighs tool outputs down for every question", () => {
    expect(speakerWeights("what did I order")("tool")).toBe(
      DEFAULT_RECALL_TUNING.speaker.toolOutput,
    );
    expect(speakerWeights("routing key")("tool")).toBe(DEFAULT_RECALL_TUNING.speaker.toolOutput);
  });
});
