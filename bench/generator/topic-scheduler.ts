// Picks the topic of each block: new topics in a shuffled order, with earlier topics revisited
// (often weeks later) and never the same topic twice in a row.
import type { Random } from "./random.js";
import type { Topic } from "./topic.js";

export interface ScheduledTopic {
  topic: Topic;
  /** True when the topic had a block before. */
  revisit: boolean;
}

/** Chance that a block revisits an older topic while new ones remain. */
const REVISIT_CHANCE = 0.35;
/** Revisits start once a few topics exist, and skip the latest ones, so a return is a real return. */
const MIN_VISITED_BEFORE_REVISIT = 5;
const RECENT_SKIPPED = 3;

export class TopicScheduler {
  private readonly fresh: Topic[];
  /** Visited topics, least recently visited first. */
  private readonly visited: Topic[] = [];

  constructor(
    topics: readonly Topic[],
    private readonly random: Random,
  ) {
    this.fresh = random.sample(topics, topics.length);
  }

  next(): ScheduledTopic {
    const canRevisit = this.visited.length >= MIN_VISITED_BEFORE_REVISIT;
    const revisit = this.fresh.length === 0 || (canRevisit && this.random.chance(REVISIT_CHANCE));
    let topic: Topic;
    if (revisit) {
      // Skip the most recent topics; prefer the older half so returns come after a long gap.
      const candidates = this.visited.slice(0, -Math.min(RECENT_SKIPPED, this.visited.length - 1));
      const olderHalf = candidates.slice(0, Math.max(1, Math.ceil(candidates.length / 2)));
      topic = this.random.pick(olderHalf);
      this.visited.splice(this.visited.indexOf(topic), 1);
    } else {
      topic = this.fresh.shift() as Topic;
    }
    this.visited.push(topic);
    return { topic, revisit };
  }
}
