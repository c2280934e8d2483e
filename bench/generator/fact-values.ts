// Values of planted facts: identifiers, measured values, dates, phone numbers. Formats are chosen
// so the filler text never produces them (filler has no ISO dates, no "+49" numbers, no "XX-0000-XX").

import type { ValueKind } from "./fact-subjects.js";
import type { IdentifierFormat } from "./fact-vocabulary.js";
import type { Random } from "./random.js";

const UPPER = "ABCDEFGHJKLMNPQRSTUVWXYZ";
const DIGITS = "0123456789";
const HEX = "0123456789abcdef";
const REFERENCE = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
const WEEKDAYS = [
  "Mondays",
  "Tuesdays",
  "Wednesdays",
  "Thursdays",
  "Fridays",
  "Saturdays",
  "Sundays",
];
const DAY_MS = 86_400_000;

export function identifierValue(format: IdentifierFormat, random: Random): string {
  switch (format) {
    case "pair":
      return `${random.chars(UPPER, 2)}-${random.chars(DIGITS, 4)}-${random.chars(UPPER, 2)}`;
    case "hex":
      return `tk_${random.chars(HEX, 12)}`;
    case "ref":
      return `${random.chars(UPPER, 2)}${random.chars(REFERENCE, 4)}`;
    case "long":
      return `${random.chars(DIGITS, 4)}-${random.chars(DIGITS, 4)}-${random.chars(DIGITS, 4)}`;
    case "case":
      return `CS${random.chars(DIGITS, 8)}`;
    default: {
      const unreachable: never = format;
      throw new RangeError(`unknown identifier format ${String(unreachable)}`);
    }
  }
}

function two(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}

/** Daytime only (7–9 am, 1–6 pm); single-digit hours so "1:05 pm" never hides in "11:05 pm". */
function clockValue(random: Random): string {
  const morning = random.chance(0.4);
  const hour = morning ? random.int(7, 9) : random.int(1, 6);
  return `${hour}:${two(random.int(0, 11) * 5)} ${morning ? "am" : "pm"}`;
}

export function measuredValue(kind: ValueKind, random: Random): string {
  switch (kind) {
    case "replicas":
      return `${random.int(2, 96)} replicas`;
    case "mebibytes":
      return `${random.int(256, 16_000)} MiB`;
    case "days":
      return `${random.int(7, 900)} days`;
    case "per-minute":
      return `${random.int(50, 9000)} requests per minute`;
    case "window":
      return `${random.pick(WEEKDAYS)} at ${two(random.int(0, 23))}:${two(random.int(0, 3) * 15)} UTC`;
    case "version":
      return `v${random.int(1, 9)}.${random.int(0, 40)}.${random.int(0, 30)}`;
    case "euros":
      return `${random.int(40, 48_000)} EUR`;
    case "clock":
      return clockValue(random);
    case "pace":
      return `${random.int(4, 6)}:${two(random.int(0, 59))} per km`;
    case "grams":
      return `${random.int(90, 600)} grams a day`;
    case "hydration":
      return `${random.int(62, 85)}% hydration`;
    default: {
      const unreachable: never = kind;
      throw new RangeError(`unknown value kind ${String(unreachable)}`);
    }
  }
}

/** An ISO date (YYYY-MM-DD) before `startMs` (past) or 4–8 years after it (future). */
export function eventDate(
  random: Random,
  { startMs, future }: { startMs: number; future: boolean },
): string {
  const offsetDays = future ? random.int(4 * 365, 8 * 365) : -random.int(1, 900);
  return new Date(startMs + offsetDays * DAY_MS).toISOString().slice(0, 10);
}

export function phoneNumber(random: Random): string {
  return `+49 1${random.int(50, 79)} ${random.chars(DIGITS, 4)} ${random.chars(DIGITS, 4)}`;
}
