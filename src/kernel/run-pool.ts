// A bounded pool for independent async work (model calls): the one place kern limits how many
// run at once. Pure: no I/O of its own.

/**
 * Runs `worker` over `items` with at most `concurrency` in flight, taking items in order.
 * Resolves when all have finished; rejects with the first rejection (the others still finish).
 */
export async function runPool<T>(
  items: readonly T[],
  concurrency: number,
  worker: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from(
    { length: Math.min(Math.max(1, concurrency), items.length) },
    async () => {
      while (next < items.length) {
        const item = items[next] as T;
        next += 1;
        await worker(item);
      }
    },
  );
  await Promise.all(lanes);
}
