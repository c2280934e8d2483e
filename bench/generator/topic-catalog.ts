// Every topic the generator can talk about (36), in a fixed order so seeds stay stable.
import { defineTopic, type Topic } from "./topic.js";
import { DEV_TOPICS } from "./topics-dev.js";
import { INFRA_TOPICS } from "./topics-infra.js";
import { PERSONAL_TOPICS } from "./topics-personal.js";

export const TOPIC_CATALOG: readonly Topic[] = [
  ...INFRA_TOPICS,
  ...DEV_TOPICS,
  ...PERSONAL_TOPICS,
].map(defineTopic);
