// Personal topics of the catalogue: travel, money, home, hobbies. Data only.
import type { TopicSpec } from "./topic.js";

export const PERSONAL_TOPICS: TopicSpec[] = [
  {
    id: "lisbon-trip",
    name: "family trip to Lisbon",
    domain: "personal",
    keywords: "Lisbon|trip|flight|Alfama|itinerary|hotel",
    entities: "Alfama|Belem|Sintra|TAP Air Portugal|Time Out Market|tram 28",
    paths:
      "~/trips/lisbon/itinerary.md|~/trips/lisbon/budget.csv|~/trips/lisbon/packing.md|~/trips/lisbon/bookings.md",
    people: "Mia|Jonah|Grandma Ruth",
    ticket: "TRIP",
    problems:
      "the Sintra tickets sell out two weeks ahead|flight change fee of 80 EUR|" +
      "the apartment has no lift and four floors|tram 28 queue is over an hour",
    commands:
      "cat ~/trips/lisbon/itinerary.md|ls ~/trips/lisbon|grep -i sintra ~/trips/lisbon/bookings.md",
    terms: "itinerary|day trip|pastel de nata|viewpoint|luggage|car seat|ferry to Cacilhas",
    actions:
      "plan the Sintra day|compare the apartment options|book the airport transfer|" +
      "make a rainy-day list|update the packing list",
  },
  {
    id: "tax-2025",
    name: "tax filing 2025",
    domain: "personal",
    keywords: "tax|filing|deductions|receipts|return|accountant",
    entities: "tax office|accountant Beatrice|ELSTER|home office|health insurer|bank statement",
    paths:
      "~/Documents/taxes/2025/receipts.csv|~/Documents/taxes/2025/checklist.md|~/Documents/taxes/2025/summary.md",
    people: "Beatrice|Chris|Uncle Pete",
    ticket: "TAX",
    problems:
      "the receipt for the laptop is missing|home office days don't add up to 210|" +
      "two donation receipts have the same number|the insurer statement arrived late",
    commands:
      "cat ~/Documents/taxes/2025/receipts.csv|ls ~/Documents/taxes/2025|python3 ~/bin/sum_receipts.py 2025",
    terms:
      "deduction|receipt|home office allowance|donation|withholding|refund|commuting allowance",
    actions:
      "total the work equipment receipts|draft the questions for the accountant|" +
      "count the home office days|find the donation receipts|fill in the checklist",
  },
  {
    id: "home-network",
    name: "home network, mesh wifi and the NAS",
    domain: "personal",
    keywords: "wifi|mesh|NAS|router|VLAN|home",
    entities: "router|mesh node upstairs|synology NAS|smart TV|printer|pi-hole",
    paths:
      "~/homelab/network.md|~/homelab/pihole/custom.list|~/homelab/nas-backup.sh|~/homelab/devices.csv",
    people: "Chris|Mia|Jonah",
    ticket: "HOME",
    problems:
      "wifi drops in the kids' room every evening|NAS backup job failed with 'share not found'|" +
      "printer gets a new IP every week|pi-hole blocks the smart TV app",
    commands:
      "ping -c 20 192.168.1.1|nmap -sn 192.168.1.0/24|ssh nas 'df -h'|cat ~/homelab/devices.csv",
    terms: "DHCP reservation|channel width|backhaul|guest VLAN|blocklist|firmware update|snapshot",
    actions:
      "move the mesh node|reserve an IP for the printer|whitelist the TV app|" +
      "fix the NAS backup script|split IoT devices onto a VLAN",
  },
  {
    id: "marathon-training",
    name: "marathon training plan",
    domain: "personal",
    keywords: "marathon|training|pace|long run|intervals|race",
    entities: "Berlin marathon|running club|Garmin|physio|track session|park loop",
    paths: "~/running/plan.md|~/running/runs.csv|~/running/race-day.md",
    people: "Coach Ayo|Chris|Lars",
    ticket: "RUN",
    problems:
      "left calf tight after the 28 km run|tempo pace drifting to 5:20/km|" +
      "missed two long runs during the work trip|heart rate spikes on hills",
    commands: "cat ~/running/runs.csv|python3 ~/running/weekly_km.py|grep long ~/running/runs.csv",
    terms: "long run|tempo run|taper|cadence|easy pace|fuelling|recovery week|intervals",
    actions:
      "adjust the plan after the calf issue|plan the taper|work out gel timing|" +
      "add a recovery week|set a goal pace",
  },
  {
    id: "kitchen-renovation",
    name: "kitchen renovation quotes",
    domain: "personal",
    keywords: "kitchen|renovation|quote|contractor|countertop|cabinets",
    entities: "Bauer Kitchens|Nordic Interiors|electrician|quartz countertop|IKEA planner|plumber",
    paths: "~/home/kitchen/quotes.csv|~/home/kitchen/measurements.md|~/home/kitchen/decisions.md",
    people: "Herr Bauer|Chris|Ole",
    ticket: "KIT",
    problems:
      "quote B leaves out the electrical work|the window wall is 12 cm shorter than planned|" +
      "countertop delivery takes 9 weeks|the extractor needs a new duct",
    commands: "cat ~/home/kitchen/quotes.csv|cat ~/home/kitchen/measurements.md",
    terms: "quote|worktop|cabinet fronts|induction hob|extractor|lead time|deposit",
    actions:
      "compare the three quotes|list questions for the electrician|re-measure the window wall|" +
      "decide on the worktop|ask about the deposit",
  },
  {
    id: "used-ev",
    name: "buying a used electric car",
    domain: "personal",
    keywords: "car|electric|battery|range|charging|dealer",
    entities: "ID.3|Model 3|Kona Electric|dealer in Hamburg|wallbox|battery report",
    paths: "~/cars/shortlist.md|~/cars/comparison.csv|~/cars/test-drive-notes.md",
    people: "Chris|Sam the dealer|Frank",
    ticket: "CAR",
    problems:
      "battery state of health only 86%|the Kona has no heat pump|" +
      "dealer won't include the winter tyres|wallbox install needs a new breaker",
    commands: "cat ~/cars/comparison.csv|cat ~/cars/shortlist.md",
    terms: "state of health|heat pump|charging curve|winter range|wallbox|warranty|test drive",
    actions:
      "compare winter range|ask for the battery report|book a test drive|" +
      "get a wallbox quote|negotiate the tyres",
  },
  {
    id: "sourdough",
    name: "sourdough baking experiments",
    domain: "personal",
    keywords: "sourdough|starter|hydration|bake|crumb|flour",
    entities: "starter Bubbles|dutch oven|rye flour|banneton|proofing box|bread flour",
    paths: "~/kitchen/bread-log.csv|~/kitchen/recipes/country-loaf.md",
    people: "Chris|Mia|Rosa",
    ticket: "BREAD",
    problems:
      "the loaf came out flat and gummy|starter smells like acetone|" +
      "crust burns before the crumb sets|overproofed after the night in the fridge",
    commands: "cat ~/kitchen/bread-log.csv|tail -n 20 ~/kitchen/bread-log.csv",
    terms: "hydration|levain|bulk fermentation|cold retard|scoring|oven spring|autolyse",
    actions:
      "lower the hydration to 70%|feed the starter twice a day|shorten the bulk|" +
      "try a cold retard|bake with the lid on longer",
  },
  {
    id: "household-budget",
    name: "monthly household budget spreadsheet",
    domain: "personal",
    keywords: "budget|spending|groceries|savings|subscriptions|spreadsheet",
    entities: "joint account|savings pot|energy provider|streaming services|groceries|childcare",
    paths: "~/finance/budget-2026.csv|~/finance/subscriptions.md|~/finance/categorize.py",
    people: "Chris|Mia|Jonah",
    ticket: "BUDGET",
    problems:
      "groceries 23% over budget|three streaming subscriptions nobody uses|" +
      "energy bill doubled after the estimate|categorize.py puts rent into 'other'",
    commands: "python3 ~/finance/categorize.py --month 03|cat ~/finance/budget-2026.csv",
    terms: "category|fixed costs|savings rate|subscription|envelope|direct debit|emergency fund",
    actions:
      "cancel the unused subscriptions|fix the rent category|set a grocery cap|" +
      "raise the savings transfer|review the energy tariff",
  },
  {
    id: "birthday-party",
    name: "planning Mia's 8th birthday party",
    domain: "personal",
    keywords: "birthday|party|invitations|cake|guests|games",
    entities: "community hall|bakery Sonnenschein|climbing gym|party bags|piñata|school class",
    paths:
      "~/family/mia-party/guests.csv|~/family/mia-party/plan.md|~/family/mia-party/shopping.md",
    people: "Mia|Chris|Leonie's mum",
    ticket: "PARTY",
    problems:
      "two kids have nut allergies|the hall is double-booked on Saturday|" +
      "only 9 of 18 invitations answered|the cake order needs 5 days' notice",
    commands: "cat ~/family/mia-party/guests.csv|grep -c yes ~/family/mia-party/guests.csv",
    terms: "invitation|RSVP|cake order|party bag|treasure hunt|allergy|pick-up time",
    actions:
      "chase the missing RSVPs|order a nut-free cake|plan the treasure hunt|" +
      "book the backup venue|write the shopping list",
  },
  {
    id: "learning-portuguese",
    name: "learning Portuguese",
    domain: "personal",
    keywords: "Portuguese|vocabulary|lessons|conjugation|tutor|flashcards",
    entities: "Anki deck|tutor Joana|italki|podcast|grammar book|language exchange",
    paths:
      "~/learning/portuguese/vocab.csv|~/learning/portuguese/notes.md|~/learning/portuguese/verbs.md",
    people: "Joana|Chris|Mia",
    ticket: "PT",
    problems:
      "mixing up ser and estar|Anki backlog of 340 cards|" +
      "can't follow the podcast at normal speed|subjunctive makes no sense yet",
    commands: "wc -l ~/learning/portuguese/vocab.csv|grep -i estar ~/learning/portuguese/notes.md",
    terms:
      "conjugation|flashcard|listening practice|subjunctive|pronunciation|lesson plan|phrasebook",
    actions:
      "drill ser versus estar|cap new cards at 15 a day|prepare questions for Joana|" +
      "add restaurant phrases|practise the past tense",
  },
  {
    id: "puppy-adoption",
    name: "adopting a rescue puppy",
    domain: "personal",
    keywords: "puppy|dog|vet|vaccination|training|rescue",
    entities: "rescue shelter|vet clinic Am Park|puppy school|crate|harness|dog sitter",
    paths: "~/family/puppy/checklist.md|~/family/puppy/vet-visits.md|~/family/puppy/schedule.md",
    people: "Mia|Jonah|Dr. Keller",
    ticket: "DOG",
    problems:
      "the puppy cries in the crate at night|second vaccination overdue|" +
      "chewing the skirting boards|pulls hard on the lead",
    commands: "cat ~/family/puppy/checklist.md|cat ~/family/puppy/vet-visits.md",
    terms:
      "crate training|vaccination|deworming|recall command|socialisation|chew toy|lead training",
    actions:
      "book the vaccination|plan the crate routine|find a puppy school|" +
      "set up a feeding schedule|buy a no-pull harness",
  },
];
