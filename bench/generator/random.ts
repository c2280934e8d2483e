// A seeded pseudo-random source (mulberry32) so a seed always yields the same conversation.
// Never use Math.random or the clock in the generator: determinism is the contract.

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [min, max], both inclusive. */
  int(min: number, max: number): number;
  /** True with probability `p`. */
  chance(p: number): boolean;
  /** One element of a non-empty list. */
  pick<T>(items: readonly T[]): T;
  /** `count` distinct elements (fewer if the list is shorter), in random order. */
  sample<T>(items: readonly T[], count: number): T[];
  /** A string of `length` characters drawn from `alphabet`. */
  chars(alphabet: string, length: number): string;
}

export function createRandom(seed: number): Random {
  let state = seed >>> 0;
  const next = (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => {
    const item = items[Math.floor(next() * items.length)];
    if (item === undefined) throw new RangeError("pick() needs a non-empty list");
    return item;
  };
  const sample = <T>(items: readonly T[], count: number): T[] => {
    const copy = [...items];
    const size = Math.min(count, copy.length);
    for (let index = 0; index < size; index += 1) {
      const other = int(index, copy.length - 1);
      const held = copy[index] as T;
      copy[index] = copy[other] as T;
      copy[other] = held;
    }
    return copy.slice(0, size);
  };
  const chars = (alphabet: string, length: number): string => {
    let text = "";
    for (let index = 0; index < length; index += 1) text += alphabet[int(0, alphabet.length - 1)];
    return text;
  };
  return { next, int, chance: (p) => next() < p, pick, sample, chars };
}
