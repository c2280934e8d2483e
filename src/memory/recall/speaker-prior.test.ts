import { describe, expect, it } from "vitest";
import { asksAboutAsker, SPEAKER_TUNING, speakerWeights } from "./speaker-prior.js";

describe("speakerWeights", () => {
  it("weighs the user's messages up only for a question in the first person", () => {
    expect(asksAboutAsker("What type of cocktail recipe did I try last weekend?")).toBe(true);
    expect(asksAboutAsker("Remind me of my gym membership number")).toBe(true);
    expect(asksAboutAsker("I'm looking for the invoice")).toBe(true);
    expect(asksAboutAsker("cache-02 routing key")).toBe(false);
    expect(asksAboutAsker("Which IKEA item did we pick, and why?")).toBe(false);
    expect(asksAboutAsker("the iPhone bill")).toBe(false);
    const asked = speakerWeights("what did I order");
    expect(asked("user")).toBe(SPEAKER_TUNING.firstPersonUser);
    expect(asked("assistant")).toBe(1);
    expect(speakerWeights("gym membership number")("user")).toBe(1);
  });

  it("weighs tool outputs down for every question", () => {
    expect(speakerWeights("what did I order")("tool")).toBe(SPEAKER_TUNING.toolOutput);
    expect(speakerWeights("routing key")("tool")).toBe(SPEAKER_TUNING.toolOutput);
  });
});
