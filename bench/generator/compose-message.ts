// Builds the text of user and assistant messages from the templates and a topic's vocabulary.
// Pure apart from the injected Random.
import {
  ASSISTANT_FINDINGS,
  ASSISTANT_NEXT_STEPS,
  ASSISTANT_SHORT_REPLIES,
  ASSISTANT_TOOL_INTROS,
  BULLET_STATUSES,
  OPENING_AGAIN,
  OPENING_NEW,
  USER_FOLLOW_UPS,
  USER_REQUESTS,
} from "./chat-templates.js";
import { fillTemplate } from "./fill-template.js";
import type { Random } from "./random.js";
import type { Topic, TopicDomain } from "./topic.js";
import { createTopicSlots } from "./topic-slots.js";

/** How a user message relates to the topic block: it opens it (first visit or a revisit) or not. */
export type UserMessageKind = "open-new" | "open-again" | "request";

const DOMAIN_PREFIX = /^(work|personal):/;
const byDomain = new Map<readonly string[], Record<TopicDomain, string[]>>();

/** The templates usable for a domain, prefixes removed (computed once per list). */
function templatesFor(templates: readonly string[], domain: TopicDomain): readonly string[] {
  let split = byDomain.get(templates);
  if (split === undefined) {
    split = { work: [], personal: [] };
    for (const template of templates) {
      const prefix = DOMAIN_PREFIX.exec(template)?.[1];
      const text = prefix === undefined ? template : template.slice(prefix.length + 1);
      if (prefix !== "personal") split.work.push(text);
      if (prefix !== "work") split.personal.push(text);
    }
    byDomain.set(templates, split);
  }
  return split[domain];
}

/** Who is talking about what: the topic whose vocabulary fills the templates, and the dice. */
export interface Voice {
  topic: Topic;
  random: Random;
}

function fill(templates: readonly string[], { topic, random }: Voice): string {
  const template = random.pick(templatesFor(templates, topic.domain));
  return fillTemplate(template, createTopicSlots(topic, random));
}

export function composeUserMessage(voice: Voice, kind: UserMessageKind): string {
  const { random } = voice;
  if (kind === "open-new") return fill(OPENING_NEW, voice);
  if (kind === "open-again") return fill(OPENING_AGAIN, voice);
  const request = fill(USER_REQUESTS, voice);
  return random.chance(0.25) ? `${request} ${fill(USER_REQUESTS, voice)}` : request;
}

export function composeFollowUp(voice: Voice): string {
  return fill(USER_FOLLOW_UPS, voice);
}

/** The text an assistant sends alongside tool calls; often none at all. */
export function composeToolIntro(voice: Voice): string | null {
  return voice.random.chance(0.6) ? fill(ASSISTANT_TOOL_INTROS, voice) : null;
}

function composeBullets(voice: Voice): string {
  const { topic, random } = voice;
  const terms = random.sample(topic.terms, random.int(2, 4));
  const lines = terms.map((term) => `- ${term}: ${fill(BULLET_STATUSES, voice)}`);
  return lines.join("\n");
}

/** The assistant's closing reply of a turn: findings, maybe a bullet list, a next step. */
export function composeAssistantReply(voice: Voice): string {
  const { random } = voice;
  if (random.chance(0.35)) {
    const slots = (slot: string): string => {
      if (slot === "finding" || slot === "finding2") return fill(ASSISTANT_FINDINGS, voice);
      return fill(ASSISTANT_NEXT_STEPS, voice);
    };
    return fillTemplate(random.pick(ASSISTANT_SHORT_REPLIES), slots);
  }
  const findings: string[] = [];
  const findingCount = random.int(1, 3);
  for (let index = 0; index < findingCount; index += 1) {
    findings.push(fill(ASSISTANT_FINDINGS, voice));
  }
  const parts = [findings.join(" ")];
  if (random.chance(0.3)) parts.push(composeBullets(voice));
  parts.push(fill(ASSISTANT_NEXT_STEPS, voice));
  return parts.join("\n\n");
}
