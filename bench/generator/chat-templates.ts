// Sentence templates for user and assistant messages; `{slot}`s come from the topic vocabulary.
// A "work:" or "personal:" prefix limits a template to topics of that domain. Data only. Combined at random, they keep the text varied rather than one sentence repeated.

export const OPENING_NEW = [
  "New thing to look at: {topic}. {problem} is what {person} reported.",
  "Can we start on {topic}? First question: how is the {term} set up?",
  "I want to get {topic} sorted this week. Where do we begin?",
  '{person} pinged me about {topic}. Apparently "{problem}".',
  "work:Let's open a new thread of work: {topic}. I filed {ticket} for it.",
];

export const OPENING_AGAIN = [
  "personal:Back to {topic}. {person} asked whether we ever managed to {action}.",
  "Back to {topic}. Where did we leave the {term}?",
  'Picking up {topic} again — {person} says "{problem}" is back.',
  "Let's continue with {topic}. Did we ever {action}?",
  "work:Remember {topic}? I need to revisit it, {ticket} got reopened.",
  "Time to look at {topic} again. What's the state of {entity}?",
];

export const USER_REQUESTS = [
  'personal:{person} says "{problem}". What should we do?',
  "personal:Can you add a note to {path} that we still need to {action}?",
  "personal:I talked to {person} about the {term}. Can you write down what we agreed?",
  'Can you {action}? {person} mentioned "{problem}" again.',
  "work:I'm seeing \"{problem}\" on {entity}. What's going on?",
  "Could you look at {path} and tell me whether the {term} is right?",
  "{person} asked about the {term} for {entity}. Do we have an answer?",
  "work:Before I forget: {ticket} is about the {term} on {entity}. Please check it.",
  "Run {command} and tell me what looks off.",
  "Ok, next step: {action}.",
  'That didn\'t help, still getting "{problem}".',
  "What's the difference between the {term} and the {term2} in our setup?",
  "Can you draft a short note to {person} about the {term}?",
  "How long would it take to {action}?",
  "Let's {action} today if possible. {person} is waiting on it.",
  'Is {entity} related to "{problem}", or is that separate?',
  "Please grep for {keyword} in {path}.",
  "Remind me what we did about {entity} last time.",
  "Good. And the {term}? Anything to change there?",
  "Write the result into {path} so I have it later.",
  'Quick one: what does "{problem}" usually mean?',
  "I think {person} changed something on {entity} yesterday. Can you check the {term}?",
  "work:Let's park {ticket} for now and focus on the {term}.",
  "Any risk if we {action} in the middle of the day?",
  "Compare {entity} and {entity2} for me: which one has the {term} problem?",
  "Thanks. Can you also {action}?",
  "work:{number} hits for that since this morning. Worth worrying about?",
  "I'd like a checklist for how to {action}.",
  "Does the {term} in {path} still match what {entity} expects?",
  "{person} thinks we should {action}. Do you agree?",
  "Summarize where we are with the {keyword} stuff in three bullets.",
];

export const USER_FOLLOW_UPS = [
  "personal:And {person} reminded me about the {term}.",
  'Oh, and {person} says "{problem}".',
  "Also check {path} while you're at it.",
  "Actually, focus on {entity} first.",
  "(sorry, I meant {entity2}, not {entity})",
  "work:No rush, but {ticket} is due {minutes} minutes from now-ish.",
  "And keep the {term} in mind.",
];

export const ASSISTANT_TOOL_INTROS = [
  "Let me check {path}.",
  "I'll run {command} first.",
  "Looking at the {term} on {entity}.",
  "Checking {entity} before changing anything.",
  "Let me search for {keyword} to see where it shows up.",
  "First I'll look at what {entity} reports.",
];

export const ASSISTANT_FINDINGS = [
  "personal:I checked {path}: the {term} is still open, and {person} hasn't confirmed yet.",
  "personal:{entity} looks like the better option for the {term}.",
  'personal:Your notes say "{problem}", so we should plan around it.',
  '{path} has the {term} set, but {entity} still reports "{problem}".',
  "work:I found {number} lines mentioning {keyword} in the last hour, mostly from {entity}.",
  "The {term} on {entity} looks fine; the issue is more likely the {term2}.",
  "{entity} and {entity2} disagree on the {term}.",
  "Nothing suspicious in {path} apart from the {term} section.",
  'work:"{problem}" started about {minutes} minutes after the last change on {entity}.',
  "The {term2} was changed recently; that lines up with what {person} saw.",
  "Roughly {percent}% of the entries for {entity} are about the {term}.",
  'work:{command} shows {entity} healthy, so "{problem}" is probably intermittent.',
  "I compared {entity} with {entity2}: only the {term} differs.",
  "The {keyword} settings in {path} are the defaults; nobody tuned them.",
  "work:{ticket} describes the same symptom, and it was never fully closed.",
];

export const ASSISTANT_NEXT_STEPS = [
  "I suggest we {action} next.",
  "work:If you agree, I'll {action} and update {ticket}.",
  "{person} should confirm before we {action}.",
  "Want me to {action} now?",
  "Next I would {action}, then watch {entity} for an hour.",
  "I'd hold off on the {term2} until we {action}.",
  'Once we {action}, "{problem}" should go away.',
  "Let's {action} and check the {term} again tomorrow.",
];

export const ASSISTANT_SHORT_REPLIES = [
  "Sure. {finding} {next}",
  "Done. {finding}",
  "Short answer: {finding} {next}",
  "Here's what I see. {finding} {finding2} {next}",
  "Noted. {next}",
];

export const BULLET_STATUSES = [
  "ok",
  "needs work",
  "unclear, ask {person}",
  "changed by {person}",
  "work:blocked on {ticket}",
  "fixed in {path}",
];
