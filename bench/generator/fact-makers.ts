// Single-statement facts: exact identifiers, decisions with their reasons, dated events.
// Pure apart from the injected Random and the registry of used keys and answers.
import { type DatedEvent, PERSONAL_EVENTS, WORK_EVENTS } from "./fact-subjects.js";
import { eventDate, identifierValue } from "./fact-values.js";
import {
  PERSONAL_DECISIONS,
  PERSONAL_QUALIFIERS,
  PERSONAL_THINGS,
  type Phrase,
  WORK_DECISIONS,
  WORK_PROJECTS,
  WORK_QUALIFIERS,
  WORK_THINGS,
} from "./fact-vocabulary.js";
import { type FactContext, fillFields, firstDefined, type PlannedFact } from "./planned-fact.js";

const IDENTIFIER_STATEMENTS = [
  "For the record, the {key} is {answer}.",
  "Note: the {key} is {answer}, keep it handy.",
  "{person} sent over the {key}: {answer}.",
  "The {key} we got is {answer}.",
];

const IDENTIFIER_QUESTIONS = [
  "What is the {thing} for the {qualifier}?",
  "Which {thing} did we get for the {qualifier}?",
  "Remind me of the {thing} tied to the {qualifier}.",
];

export function makeIdentifier(context: FactContext): PlannedFact | undefined {
  const { random, topic, registry } = context;
  const work = topic.domain === "work";
  return firstDefined(() => {
    const thing = random.pick(work ? WORK_THINGS : PERSONAL_THINGS);
    const entity = random.pick(topic.entities);
    // Mostly the fixed qualifiers (they have paraphrases); for work topics sometimes a host or
    // service ("db-04 support case number"). Personal entities ("bread flour") read too oddly.
    const qualifier: Phrase =
      !work || random.chance(0.7)
        ? random.pick(work ? WORK_QUALIFIERS : PERSONAL_QUALIFIERS)
        : { text: entity, paraphrase: entity };
    const key = `${qualifier.text} ${thing.text}`;
    if (registry.hasKey(key)) return undefined;
    const answer = registry.freshAnswer(() => identifierValue(thing.format, random));
    if (answer === undefined) return undefined;
    registry.claimKey(key);
    const fields = { key, answer, person: random.pick(topic.people) };
    const questionFields = { thing: thing.paraphrase, qualifier: qualifier.paraphrase };
    return {
      kind: "identifier",
      key,
      question: key,
      rewordedQuestion: fillFields(random.pick(IDENTIFIER_QUESTIONS), questionFields),
      answer,
      statements: [fillFields(random.pick(IDENTIFIER_STATEMENTS), fields)],
      answerIndex: 0,
    };
  });
}

const DECISION_STATEMENTS = [
  "Decision on the {key}: {answer}, because {reason}.",
  "We decided the {key} will be {answer}, because {reason}.",
  "Final call on the {key}: {answer}. Reason: {reason}.",
];

const DECISION_QUESTIONS = [
  "Which {category} did we settle on for the {project}, and why?",
  "What did we end up picking as {category} for the {project}?",
];

export function makeDecision(context: FactContext): PlannedFact | undefined {
  const { random, topic, registry } = context;
  const categories = topic.domain === "work" ? WORK_DECISIONS : PERSONAL_DECISIONS;
  return firstDefined(() => {
    const category = random.pick(categories);
    const project = random.pick(category.projects ?? WORK_PROJECTS);
    const key = `${category.text} for the ${project.text}`;
    if (registry.hasKey(key)) return undefined;
    const [chosen, rejected] = random.sample(category.options, 2);
    const answer = `${chosen} instead of ${rejected}`;
    if (!registry.isFreshAnswer(answer)) return undefined;
    registry.claimKey(key);
    registry.claimAnswer(answer);
    const reason = random.pick(category.reasons);
    const questionFields = { category: category.paraphrase, project: project.paraphrase };
    return {
      kind: "decision",
      key,
      question: key,
      rewordedQuestion: fillFields(random.pick(DECISION_QUESTIONS), questionFields),
      answer,
      statements: [fillFields(random.pick(DECISION_STATEMENTS), { key, answer, reason })],
      answerIndex: 0,
    };
  });
}

/** A dated event about `subject` (a topic entity for work events). */
function plannedEvent(
  context: FactContext,
  { event, subject }: { event: DatedEvent; subject: string },
): { key: string; answer: string; statement: string; question: string } | undefined {
  const key = fillFields(event.key, { s: subject });
  if (context.registry.hasKey(key)) return undefined;
  const { random, startMs, registry } = context;
  const answer = registry.freshAnswer(() => eventDate(random, { startMs, future: event.future }));
  if (answer === undefined) return undefined;
  registry.claimKey(key);
  const statement = fillFields(event.statement, { key, date: answer });
  const sentence = statement.charAt(0).toUpperCase() + statement.slice(1);
  return { key, answer, statement: sentence, question: fillFields(event.question, { s: subject }) };
}

export function makeDatedEvent(context: FactContext): PlannedFact | undefined {
  const { random, topic } = context;
  const work = topic.domain === "work";
  return firstDefined(() => {
    const event = random.pick(work ? WORK_EVENTS : PERSONAL_EVENTS);
    const planned = plannedEvent(context, { event, subject: random.pick(topic.entities) });
    if (planned === undefined) return undefined;
    return {
      kind: "dated-event",
      key: planned.key,
      question: planned.key,
      rewordedQuestion: planned.question,
      answer: planned.answer,
      statements: [planned.statement],
      answerIndex: 0,
    };
  });
}
