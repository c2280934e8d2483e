// A leg added to a fusion may take at most every `stride`-th place from the ranking without it:
// the item the ranking put at place r is shown no lower than place stride × r, so a leg that is
// often wrong (the meaning leg, ADR 0004 round 22) can add its hits between the others' but not
// push them out of the first places. Pure.
// docs/decisions/0004-recall-ranking.md

/**
 * `fused` re-ordered so that the item at place r (from 1) of `without` stands at place stride × r
 * or higher; the rest keep `fused`'s order. Each place keeps the score `fused` had there, so
 * scores still read best first. Items of `without` missing from `fused` are ignored.
 */
export function keepPlaces<T>(
  fused: ReadonlyArray<{ item: T; score: number }>,
  without: readonly T[],
  stride: number,
): Array<{ item: T; score: number }> {
  const inFused = new Set(fused.map((entry) => entry.item));
  const due = without.filter((item) => inFused.has(item));
  const placed = new Set<T>();
  const order: T[] = [];
  let [next, dueAt] = [0, 0];
  while (order.length < fused.length) {
    while (dueAt < due.length && placed.has(due[dueAt] as T)) dueAt += 1;
    const mustPlace = dueAt < due.length && order.length + 1 >= stride * (dueAt + 1);
    let item: T;
    if (mustPlace) item = due[dueAt] as T;
    else {
      while (placed.has((fused[next] as { item: T }).item)) next += 1;
      item = (fused[next] as { item: T }).item;
    }
    placed.add(item);
    order.push(item);
  }
  return order.map((item, place) => ({ item, score: (fused[place] as { score: number }).score }));
}
