// The shape of a conversation topic and the compact spec it is written in (lists as "a|b|c"
// strings keep the catalogue short). Pure: no I/O.

export type TopicDomain = "work" | "personal";

/** One topic with its own vocabulary; every list is non-empty. */
export interface Topic {
  id: string;
  name: string;
  domain: TopicDomain;
  /** Distinctive words of the topic (also reported in the ground truth). */
  keywords: string[];
  /** Hosts, services, places or vendors. */
  entities: string[];
  /** Files the agent reads, greps and writes; the extension picks the output style. */
  paths: string[];
  /** First names of the people involved. */
  people: string[];
  /** Prefix of ticket ids such as `DBA-1234`. */
  ticket: string;
  /** Error messages or problems as someone would quote them. */
  problems: string[];
  /** Shell commands the agent runs. */
  commands: string[];
  /** Nouns of the topic. */
  terms: string[];
  /** Verb phrases the user asks for ("rotate the certificate"). */
  actions: string[];
}

export interface TopicSpec {
  id: string;
  name: string;
  domain: TopicDomain;
  keywords: string;
  entities: string;
  paths: string;
  people: string;
  ticket: string;
  problems: string;
  commands: string;
  terms: string;
  actions: string;
}

function splitList(field: string, list: string): string[] {
  const items = list
    .split("|")
    .map((item) => item.trim())
    .filter((item) => item.length > 0);
  if (items.length === 0) throw new RangeError(`topic spec field ${field} is empty`);
  return items;
}

export function defineTopic(spec: TopicSpec): Topic {
  return {
    id: spec.id,
    name: spec.name,
    domain: spec.domain,
    ticket: spec.ticket,
    keywords: splitList("keywords", spec.keywords),
    entities: splitList("entities", spec.entities),
    paths: splitList("paths", spec.paths),
    people: splitList("people", spec.people),
    problems: splitList("problems", spec.problems),
    commands: splitList("commands", spec.commands),
    terms: splitList("terms", spec.terms),
    actions: splitList("actions", spec.actions),
  };
}
