// A vector scaled to length 1: embedders return directions, and stored vectors are read back as
// directions (store/vector-quantize.ts).

/** Scales `vector` in place to length 1; a zero vector stays zero. Returns the same array. */
export function normalizeVector(vector: Float32Array): Float32Array {
  let sum = 0;
  for (let index = 0; index < vector.length; index += 1) {
    const value = vector[index] ?? 0;
    sum += value * value;
  }
  if (sum === 0) return vector;
  const scale = 1 / Math.sqrt(sum);
  for (let index = 0; index < vector.length; index += 1)
    vector[index] = (vector[index] ?? 0) * scale;
  return vector;
}
