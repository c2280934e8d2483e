import { describe, expect, it } from "vitest";
import { fillTemplate } from "./fill-template.js";
import { createRandom } from "./random.js";
import { TOPIC_CATALOG } from "./topic-catalog.js";
import { createTopicSlots } from "./topic-slots.js";

describe("createTopicSlots", () => {
  it("keeps a repeated slot's value and makes the '2' slot differ, in either order", () => {
    const random = createRandom(1);
    for (const topic of TOPIC_CATALOG) {
      const slots = createTopicSlots(topic, random);
      const [other, entity, again] = fillTemplate("{entity2}|{entity}|{entity}", slots).split("|");
      expect(topic.entities).toContain(entity);
      expect(topic.entities).toContain(other);
      expect(other).not.toBe(entity);
      expect(again).toBe(entity);
      const [term, secondTerm] = fillTemplate(
        "{term}|{term2}",
        createTopicSlots(topic, random),
      ).split("|");
      expect(secondTerm).not.toBe(term);
    }
  });

  it("fills tickets, numbers and the topic name, and leaves unknown slots visible", () => {
    const topic = TOPIC_CATALOG[0]!;
    const text = fillTemplate(
      "{ticket} {number} {topic} {nope}",
      createTopicSlots(topic, createRandom(2)),
    );
    expect(text).toMatch(new RegExp(`^${topic.ticket}-\\d+ \\d+ ${topic.name} \\{nope\\}$`));
  });
});
