// Slot values drawn from a topic's vocabulary. One source serves one message: a slot repeated in
// the same message keeps its value, and `entity2`, `term2`... pick a different item.
import type { SlotSource } from "./fill-template.js";
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";

const LIST_SLOTS = {
  entity: "entities",
  path: "paths",
  person: "people",
  problem: "problems",
  command: "commands",
  term: "terms",
  action: "actions",
  keyword: "keywords",
} as const satisfies Record<string, keyof Topic>;

type ListSlot = keyof typeof LIST_SLOTS;

function isListSlot(slot: string): slot is ListSlot {
  return Object.hasOwn(LIST_SLOTS, slot);
}

/** An item other than `taken` (when the list allows), so `entity2` differs from `entity`. */
function pickOther(
  random: Random,
  { items, taken }: { items: readonly string[]; taken?: string },
): string {
  if (items.length < 2 || taken === undefined) return random.pick(items);
  let item = random.pick(items);
  while (item === taken) item = random.pick(items);
  return item;
}

function numberSlot(slot: string, random: Random): string | undefined {
  switch (slot) {
    case "number":
      return String(random.int(2, 950));
    case "minutes":
      return String(random.int(2, 55));
    case "percent":
      return String(random.int(3, 97));
    case "ip":
      return `10.${random.int(0, 40)}.${random.int(0, 255)}.${random.int(2, 254)}`;
    default:
      return undefined;
  }
}

export function createTopicSlots(topic: Topic, random: Random): SlotSource {
  const chosen = new Map<string, string>();
  const source: SlotSource = (slot) => {
    const known = chosen.get(slot);
    if (known !== undefined) return known;
    let value: string | undefined;
    const base = slot.endsWith("2") ? slot.slice(0, -1) : slot;
    if (isListSlot(base)) {
      const items = topic[LIST_SLOTS[base]];
      // `entity2` may come first in a template: settle `entity` before picking a different one.
      value =
        base === slot ? random.pick(items) : pickOther(random, { items, taken: source(base) });
    } else if (slot === "ticket") {
      value = `${topic.ticket}-${random.int(100, 4999)}`;
    } else if (slot === "topic") {
      value = topic.name;
    } else {
      value = numberSlot(slot, random) ?? `{${slot}}`;
    }
    chosen.set(slot, value);
    return value;
  };
  return source;
}
