// The k best of many scored ids, by a min-heap: the common words' index (word-index.ts) scores
// every message holding a common word and keeps the best hundred. Hand-written: a heap over ids
// into a shared score array, with one comparison to turn away the many below the k-th.

/** A message id and its score, higher is better. */
export interface RankedId {
  id: number;
  score: number;
}

/** The k best of the touched ids by score (ties: lower id first), best first: a min-heap. */
export function topK(touched: ArrayLike<number>, scores: Float64Array, k: number): RankedId[] {
  const below = (a: number, b: number) => {
    const sa = scores[a] ?? 0;
    const sb = scores[b] ?? 0;
    return sa < sb || (sa === sb && a > b);
  };
  const heap: number[] = [];
  const swap = (i: number, j: number) => {
    const held = heap[i] ?? 0;
    heap[i] = heap[j] ?? 0;
    heap[j] = held;
  };
  // Most messages score below the k-th best so far: one comparison turns them away.
  let floor = Number.NEGATIVE_INFINITY;
  for (let next = 0; next < touched.length; next += 1) {
    const id = touched[next] as number;
    if ((scores[id] as number) < floor) continue;
    if (heap.length < k) {
      heap.push(id);
      for (let at = heap.length - 1; at > 0; ) {
        const parent = (at - 1) >> 1;
        if (!below(heap[at] ?? 0, heap[parent] ?? 0)) break;
        swap(at, parent);
        at = parent;
      }
    } else if (k > 0 && below(heap[0] ?? 0, id)) {
      heap[0] = id;
      for (let at = 0; ; ) {
        const left = 2 * at + 1;
        let least = at;
        if (left < heap.length && below(heap[left] ?? 0, heap[least] ?? 0)) least = left;
        if (left + 1 < heap.length && below(heap[left + 1] ?? 0, heap[least] ?? 0))
          least = left + 1;
        if (least === at) break;
        swap(at, least);
        at = least;
      }
    }
    if (heap.length === k) floor = scores[heap[0] ?? 0] as number;
  }
  return heap
    .sort((a, b) => (below(a, b) ? 1 : below(b, a) ? -1 : 0))
    .map((id) => ({ id, score: scores[id] ?? 0 }));
}
