// Facts planted in several statements: values updated later (the latest wins) and two-hop facts
// (A is owned by B; B's phone is C). Pure apart from the injected Random and the registry.
import { PERSONAL_UPDATES, type UpdateAttribute, WORK_UPDATES } from "./fact-subjects.js";
import { measuredValue, phoneNumber } from "./fact-values.js";
import { FIRST_NAMES, LAST_NAMES, PERSONAL_ASSETS } from "./fact-vocabulary.js";
import { type FactContext, fillFields, firstDefined, type PlannedFact } from "./planned-fact.js";

const FIRST_VALUE = [
  "The {key} is {value} for now.",
  "We set the {key} to {value}.",
  "{person} configured the {key} as {value}.",
];

const LATER_VALUE = [
  "Update: the {key} is now {value}.",
  "Change of plan, the {key} goes to {value}.",
  "{person} changed the {key} to {value} today.",
];

/** 2 or 3 distinct values, none inside another or inside any earlier fact's answer. */
function drawValues(context: FactContext, attribute: UpdateAttribute): string[] | undefined {
  const { random, registry } = context;
  const count = random.chance(0.3) ? 3 : 2;
  const values: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const value = registry.freshAnswer(() => measuredValue(attribute.value, random));
    if (value === undefined) return undefined;
    values.push(value);
  }
  return values;
}

export function makeUpdatedValue(context: FactContext): PlannedFact | undefined {
  const { random, topic, registry } = context;
  const work = topic.domain === "work";
  return firstDefined(() => {
    const attribute = random.pick(work ? WORK_UPDATES : PERSONAL_UPDATES);
    const subject = random.pick(topic.entities);
    const key = work ? `${subject} ${attribute.text}` : attribute.text;
    if (registry.hasKey(key)) return undefined;
    const values = drawValues(context, attribute);
    if (values === undefined) return undefined;
    registry.claimKey(key);
    const statements = values.map((value, index) => {
      const template = random.pick(index === 0 ? FIRST_VALUE : LATER_VALUE);
      return fillFields(template, { key, value, person: random.pick(topic.people) });
    });
    const answer = values[values.length - 1] as string;
    return {
      kind: "updated-value",
      key,
      question: key,
      rewordedQuestion: fillFields(attribute.question, { s: subject }),
      answer,
      staleAnswers: values.slice(0, -1),
      statements,
      answerIndex: statements.length - 1,
    };
  });
}

type Contact = "phone number" | "email address";

const CONTACT_QUESTIONS: Record<Contact, string> = {
  "phone number": "Who looks after {asset}, and what number can I call them on?",
  "email address": "Who is in charge of {asset}, and where can I write to them?",
};

/** The phone number or email address of `name`, fresh in the registry. */
function contactValue(
  context: FactContext,
  { contact, name }: { contact: Contact; name: string },
): string | undefined {
  if (contact === "phone number")
    return context.registry.freshAnswer(() => phoneNumber(context.random));
  const email = `${name.toLowerCase().replace(" ", ".")}@${context.random.pick(["example.org", "mail.example.com"])}`;
  if (!context.registry.isFreshAnswer(email)) return undefined;
  context.registry.claimAnswer(email);
  return email;
}

export function makeTwoHop(context: FactContext): PlannedFact | undefined {
  const { random, topic, registry } = context;
  const work = topic.domain === "work";
  return firstDefined(() => {
    const asset = work ? random.pick(topic.entities) : random.pick(PERSONAL_ASSETS);
    const relation = work ? "owner of" : "contact person for";
    const key = `${relation} ${asset}`;
    const name = `${random.pick(FIRST_NAMES)} ${random.pick(LAST_NAMES)}`;
    if (registry.hasKey(key) || registry.hasKey(name)) return undefined;
    const contact: Contact = random.chance(0.6) ? "phone number" : "email address";
    const answer = contactValue(context, { contact, name });
    if (answer === undefined) return undefined;
    registry.claimKey(key);
    registry.claimKey(name);
    const hop = `The ${relation} ${asset} is ${name}.`;
    const detail = `${name}'s ${contact} is ${answer}.`;
    const hopFirst = random.chance(0.6);
    return {
      kind: "two-hop",
      key,
      question: `${key} ${contact}`,
      rewordedQuestion: fillFields(CONTACT_QUESTIONS[contact], { asset }),
      answer,
      statements: hopFirst ? [hop, detail] : [detail, hop],
      answerIndex: hopFirst ? 1 : 0,
    };
  });
}
