// The `local` embedder's bag of hashed features: count and last weight per 32-bit feature hash,
// in insertion order. Hand-written open addressing over typed arrays because two JS Maps per
// text were most of the embedder's cost (recall re-embeds 100 candidate heads per query); the
// iteration order is the Maps' (first insertion), so vectors stay bit-identical. Not re-entrant:
// one bag is reused for every text.

export class FeatureBag {
  private keys = new Uint32Array(1024);
  private counts = new Uint32Array(1024);
  private weights = new Float64Array(1024);
  /** A slot is in use when its stamp is the current generation (reset is O(1)). */
  private stamps = new Uint32Array(1024);
  private generation = 1;
  private order = new Uint32Array(512);
  private size = 0;

  reset(): void {
    this.size = 0;
    this.generation += 1;
    if (this.generation === 0xffffffff) {
      this.stamps.fill(0);
      this.generation = 1;
    }
  }

  /** Counts one more occurrence of `hash`; its weight becomes `weight`. */
  add(hash: number, weight: number): void {
    if ((this.size + 1) * 2 > this.keys.length) this.grow();
    const slot = this.find(hash);
    if (this.stamps[slot] === this.generation) {
      this.counts[slot] = (this.counts[slot] ?? 0) + 1;
      this.weights[slot] = weight;
      return;
    }
    this.stamps[slot] = this.generation;
    this.keys[slot] = hash;
    this.counts[slot] = 1;
    this.weights[slot] = weight;
    this.order[this.size] = slot;
    this.size += 1;
  }

  /** Every feature in first-insertion order. */
  forEach(visit: (hash: number, count: number, weight: number) => void): void {
    for (let index = 0; index < this.size; index += 1) {
      const slot = this.order[index] ?? 0;
      visit(this.keys[slot] ?? 0, this.counts[slot] ?? 0, this.weights[slot] ?? 0);
    }
  }

  /** The slot holding `hash`, or the free slot where it would go (linear probing). */
  private find(hash: number): number {
    const mask = this.keys.length - 1;
    let slot = hash & mask;
    while (this.stamps[slot] === this.generation && this.keys[slot] !== hash) {
      slot = (slot + 1) & mask;
    }
    return slot;
  }

  private grow(): void {
    const entries: Array<[number, number, number]> = [];
    this.forEach((hash, count, weight) => {
      entries.push([hash, count, weight]);
    });
    const capacity = this.keys.length * 2;
    this.keys = new Uint32Array(capacity);
    this.counts = new Uint32Array(capacity);
    this.weights = new Float64Array(capacity);
    this.stamps = new Uint32Array(capacity);
    this.order = new Uint32Array(capacity / 2);
    this.generation = 1;
    this.size = 0;
    for (const [hash, count, weight] of entries) {
      const slot = this.find(hash);
      this.stamps[slot] = this.generation;
      this.keys[slot] = hash;
      this.counts[slot] = count;
      this.weights[slot] = weight;
      this.order[this.size] = slot;
      this.size += 1;
    }
  }
}
