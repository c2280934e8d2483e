// Subjects of updated values and dated events, each with the paraphrased question a user would
// ask without the statement's words. `{s}` is the subject (a topic entity). Data only.

export type ValueKind =
  | "replicas"
  | "mebibytes"
  | "days"
  | "per-minute"
  | "window"
  | "version"
  | "euros"
  | "clock"
  | "pace"
  | "grams"
  | "hydration";

export interface UpdateAttribute {
  /** Work: appended to an entity ("{s} replica count"); personal: the whole key. */
  text: string;
  question: string;
  value: ValueKind;
}

export const WORK_UPDATES: UpdateAttribute[] = [
  { text: "replica count", value: "replicas", question: "How many copies of {s} are running now?" },
  { text: "memory limit", value: "mebibytes", question: "How much RAM may {s} use at present?" },
  { text: "log retention", value: "days", question: "For how long do we keep what {s} writes?" },
  { text: "rate limit", value: "per-minute", question: "How many calls can a client make to {s}?" },
  { text: "maintenance window", value: "window", question: "When may {s} go down for upkeep now?" },
  { text: "pinned version", value: "version", question: "Which release of {s} are we locked to?" },
];

export const PERSONAL_UPDATES: UpdateAttribute[] = [
  {
    text: "Lisbon apartment check-in time",
    value: "clock",
    question: "When can we get the keys in Portugal?",
  },
  {
    text: "kitchen renovation budget",
    value: "euros",
    question: "How much money is set aside for rebuilding the kitchen?",
  },
  {
    text: "car loan monthly payment",
    value: "euros",
    question: "What do we pay each month for the vehicle financing?",
  },
  {
    text: "marathon goal pace",
    value: "pace",
    question: "How fast per kilometre do I want to run the race?",
  },
  {
    text: "party pickup time",
    value: "clock",
    question: "When do parents collect their kids from Mia's celebration?",
  },
  {
    text: "grocery budget cap",
    value: "euros",
    question: "What is the most we want to spend on food shopping?",
  },
  {
    text: "daycare pickup time",
    value: "clock",
    question: "When do we collect the little one from childcare?",
  },
  {
    text: "puppy food portion",
    value: "grams",
    question: "How much does the dog eat per day now?",
  },
  {
    text: "sourdough dough hydration",
    value: "hydration",
    question: "How wet is the bread dough supposed to be?",
  },
  {
    text: "savings transfer amount",
    value: "euros",
    question: "How much moves to the rainy-day pot each month?",
  },
  {
    text: "Portuguese lesson budget",
    value: "euros",
    question: "How much can the language tutoring cost us?",
  },
  {
    text: "summer holiday budget",
    value: "euros",
    question: "How much can the August vacation cost?",
  },
];

export interface DatedEvent {
  /** The key words; `{s}` is replaced by a topic entity for work events. */
  key: string;
  /** A full sentence containing `{key}` and `{date}`. */
  statement: string;
  question: string;
  /** Future events get dates years after the conversation starts, past ones before it. */
  future: boolean;
}

export const WORK_EVENTS: DatedEvent[] = [
  {
    key: "last restore test of {s}",
    statement: "For the timeline: the {key} ran on {date}.",
    question: "When did we last prove that backups of {s} can be brought back?",
    future: false,
  },
  {
    key: "{s} schema migration",
    statement: "The {key} ran on {date}, in case anyone asks.",
    question: "On what day was the structural database change for {s} applied?",
    future: false,
  },
  {
    key: "big {s} outage",
    statement: "The {key} happened on {date}; that's the one in the postmortem.",
    question: "What was the date of the major downtime of {s}?",
    future: false,
  },
  {
    key: "security review of {s}",
    statement: "The {key} was done on {date}.",
    question: "When did someone last audit {s} for weaknesses?",
    future: false,
  },
  {
    key: "support contract for {s}",
    statement: "Worth remembering: the {key} expires on {date}.",
    question: "Until what day is vendor assistance for {s} paid for?",
    future: true,
  },
  {
    key: "hardware warranty of {s}",
    statement: "The {key} ends on {date}.",
    question: "Until when will the manufacturer replace broken parts of {s} for free?",
    future: true,
  },
];

export const PERSONAL_EVENTS: DatedEvent[] = [
  {
    key: "Mia's passport",
    statement: "Note for later: {key} expires on {date}.",
    question: "Until when is our daughter's travel document valid?",
    future: true,
  },
  {
    key: "apartment lease",
    statement: "The {key} runs until {date}.",
    question: "When does our rental agreement end?",
    future: true,
  },
  {
    key: "last boiler service",
    statement: "The {key} was on {date}.",
    question: "When did a technician last look at the heating?",
    future: false,
  },
  {
    key: "car's last inspection",
    statement: "The {key} was on {date}.",
    question: "When did the vehicle last pass its roadworthiness check?",
    future: false,
  },
  {
    key: "puppy's first vaccination",
    statement: "The {key} was given on {date}.",
    question: "On which day did the dog get its first shot?",
    future: false,
  },
  {
    key: "signing of the flat contract",
    statement: "The {key} was on {date}.",
    question: "When did we put our names on the rental papers?",
    future: false,
  },
  {
    key: "Jonah's school enrolment",
    statement: "{key} was confirmed on {date}.",
    question: "When was our son's place at school confirmed?",
    future: false,
  },
  {
    key: "driving licence renewal",
    statement: "Reminder: the {key} is due on {date}.",
    question: "By when must I get a new permit to drive?",
    future: true,
  },
];
