import { describe, expect, it } from "vitest";
import { bridgeQuery } from "./bridge-hop.js";

const terms = ["contact", "person", "garden", "shed", "build", "phone", "number"];

describe("bridgeQuery", () => {
  it("follows the names of the best sentence to what the hit does not say", () => {
    const hit =
      "Back to the marathon plan. The contact person for the garden shed build is Eskil Moravec.";
    expect(bridgeQuery(hit, terms)).toEqual({
      query: "Eskil Moravec phone number",
      names: ["Eskil", "Moravec"],
    });
  });

  it("stays put when the hit names every term, too few, or offers no name", () => {
    expect(
      bridgeQuery("Contact person for the garden shed build: Eskil, phone number 555.", terms),
    ).toBeNull();
    expect(bridgeQuery("The garden looks fine, says Eskil.", terms)).toBeNull();
    expect(
      bridgeQuery("The contact person for the garden shed build is my aunt.", terms),
    ).toBeNull();
  });
});
