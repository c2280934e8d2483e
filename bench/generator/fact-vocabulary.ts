// Word lists for planted facts: subjects with paraphrases (for reworded questions), options,
// reasons and names. Lists are "a|b|c" strings and "text=paraphrase" pairs to stay compact.

export interface Phrase {
  text: string;
  paraphrase: string;
}

function splitList(list: string): string[] {
  return list.split("|").map((item) => item.trim());
}

/** Parses "text=paraphrase|text=paraphrase". */
function parsePhrases(list: string): Phrase[] {
  return splitList(list).map((pair) => {
    const [text = "", paraphrase = text] = pair.split("=");
    return { text, paraphrase };
  });
}

const IDENTIFIER_FORMATS = ["pair", "hex", "ref", "long", "case"] as const;

export type IdentifierFormat = (typeof IDENTIFIER_FORMATS)[number];

function isIdentifierFormat(text: string): text is IdentifierFormat {
  return (IDENTIFIER_FORMATS as readonly string[]).includes(text);
}

export interface IdentifierThing extends Phrase {
  format: IdentifierFormat;
}

/** Parses "text=paraphrase#format|..."; a typo in a format fails at load, not mid-run. */
function parseThings(list: string): IdentifierThing[] {
  return splitList(list).map((item) => {
    const [pair = "", format = "pair"] = item.split("#");
    const [text = "", paraphrase = text] = pair.split("=");
    if (!isIdentifierFormat(format)) throw new RangeError(`unknown identifier format "${format}"`);
    return { text, paraphrase, format };
  });
}

export const WORK_THINGS = parseThings(
  "API key id=credential identifier for programmatic access#pair|" +
    "deploy token id=token the release pipeline authenticates with#hex|" +
    "license key=activation code for the paid software#long|" +
    "support case number=reference the vendor's helpdesk gave us#case|" +
    "VPN gateway serial=serial of the tunnel appliance#ref|" +
    "service account id=identity the robot user runs as#pair|" +
    "webhook secret id=identifier of the callback signing secret#hex|" +
    "access key id=object storage credential name#pair|" +
    "routing key=integration key for paging the on-call person#hex|" +
    "purchase order number=procurement reference for the invoice#case",
);

export const PERSONAL_THINGS = parseThings(
  "booking reference=reservation code#ref|confirmation number=acknowledgement code we received#case|" +
    "policy number=contract reference of the insurance#long|membership number=member card code#pair|" +
    "tracking number=shipment code of the parcel#case|customer number=account reference with them#long",
);

export const WORK_QUALIFIERS = parsePhrases(
  "staging=pre-production|production=live|billing=invoicing|analytics=reporting|" +
    "monitoring=observability|backup=disaster recovery|CI=build pipeline|sandbox=test playground|" +
    "data warehouse=central reporting store|payroll=salary system|partner=vendor integration|" +
    "mobile app=phone application|search cluster=full-text engine|edge proxy=front door",
);

export const PERSONAL_QUALIFIERS = parsePhrases(
  "Lisbon hotel=place we stay in Portugal's capital|car insurance=vehicle cover|gym=fitness club|" +
    "dentist=tooth doctor|Porto flight=plane to the northern Portuguese city|" +
    "home internet=broadband at the house|electricity=power supplier|tax office=revenue authority|" +
    "bike shop=cycle store|school trip=class excursion|kitchen order=worktop purchase|" +
    "puppy insurance=cover for the dog",
);

export interface DecisionCategory extends Phrase {
  options: string[];
  reasons: string[];
  /** What the decision can be about; work categories share WORK_PROJECTS. */
  projects?: Phrase[];
}

function category(
  phrase: string,
  options: string,
  reasons: string,
  projects?: string,
): DecisionCategory {
  const [parsed] = parsePhrases(phrase);
  const base = { ...(parsed as Phrase), options: splitList(options), reasons: splitList(reasons) };
  return projects === undefined ? base : { ...base, projects: parsePhrases(projects) };
}

export const WORK_DECISIONS: DecisionCategory[] = [
  category(
    "database=storage engine",
    "SQLite|Postgres|MySQL|DuckDB|ClickHouse",
    "the data fits on one disk and we want zero operational overhead|" +
      "we need row-level locking under concurrent writes|the analysts already know its SQL dialect",
  ),
  category(
    "message broker=queueing system",
    "NATS|Kafka|RabbitMQ|Redis Streams|SQS",
    "we need replay of old events|the team already runs it elsewhere|at-most-once delivery is fine here",
  ),
  category(
    "implementation language=programming language",
    "Go|Rust|TypeScript|Python|Kotlin",
    "the team knows it best|we need predictable latency without a GC pause|the SDK only exists there",
  ),
  category(
    "CI system=build automation",
    "GitHub Actions|Buildkite|Jenkins|GitLab CI|Woodpecker",
    "we want self-hosted runners with GPUs|it is already included in our plan|caching is far better",
  ),
  category(
    "hosting provider=infrastructure vendor",
    "Hetzner|AWS|Fly.io|DigitalOcean|our own rack",
    "egress is much cheaper there|we need managed failover|latency to our users in Europe is lower",
  ),
  category(
    "deployment strategy=rollout approach",
    "blue-green deploys|canary releases|rolling updates|a weekly maintenance window",
    "rollbacks must take seconds|we cannot afford two full copies|the schema changes need downtime anyway",
  ),
];

export const WORK_PROJECTS = parsePhrases(
  "billing-export service=job that exports invoices|search indexer=process feeding the search engine|" +
    "metrics pipeline=flow that carries our measurements|status page=public uptime site|" +
    "auth gateway=login front end|invoice renderer=thing that draws the PDFs|" +
    "log shipper=agent forwarding logs|feature-flag service=toggle system|" +
    "image resizer=thumbnail generator|notification worker=process sending alerts to customers|" +
    "audit trail=record of who changed what|partner webhooks=callbacks we send to partners|" +
    "report scheduler=job that mails weekly reports|inventory sync=stock level synchroniser|" +
    "pricing engine=component computing prices|session service=component keeping logins alive",
);

export const PERSONAL_DECISIONS: DecisionCategory[] = [
  category(
    "way to travel=mode of transport",
    "the night train|a rental car|the early flight|the coach",
    "the kids sleep better that way|it is half the price|we can take the bikes along",
    "Lisbon trip=holiday in Portugal|visit to Grandma Ruth=trip to see grandma|" +
      "summer holiday=vacation in August|ski weekend=weekend in the snow",
  ),
  category(
    "contractor=company doing the work",
    "Bauer Kitchens|Nordic Interiors|the independent carpenter|the IKEA installers",
    "their quote includes the electrics|they can start in May|the reviews were far better",
    "kitchen renovation=kitchen rebuild|bathroom refit=washroom makeover|" +
      "garden shed build=new hut in the garden|loft insulation=roof space insulation",
  ),
  category(
    "bank=financial institution",
    "the credit union|an online bank|the local savings bank|the bank with the family account",
    "fees are lower|the app supports shared accounts|a branch is close to the school",
    "car loan=vehicle financing|savings account=rainy-day money|kids' accounts=children's money|" +
      "mortgage refinancing=new terms for the house loan",
  ),
];

export const FIRST_NAMES = splitList(
  "Aurelia|Bastian|Cosima|Dorian|Eskil|Fenna|Gideon|Halima|Ivo|Jasna|Kasimir|Liesel|Magnus|Noor|" +
    "Odile|Pascal|Quilla|Rune|Selma|Thiago|Ulrike|Valentin|Wilma|Xaver|Yelena|Zeno",
);

export const LAST_NAMES = splitList(
  "Achterberg|Brennecke|Castellano|Dahlgren|Eberhardt|Fonseca|Grimaldi|Holmqvist|Iversen|" +
    "Jablonski|Kowalczyk|Lindqvist|Moravec|Nakashima|Oyelaran|Petrovic|Quintero|Rasmussen|" +
    "Szabo|Thorvaldsen|Urquhart|Vasquez|Wojcik|Yilmaz|Zimmermann",
);

export const PERSONAL_ASSETS = splitList(
  "the Lisbon apartment|the community hall|the allotment plot|the kitchen project|the car lease|" +
    "the dog-sitting service|the climbing gym booking|the holiday cottage|the school carpool|" +
    "the piano lessons|the bike repair|the garden shed build",
);
