// A vector as int8 for storage: each component scaled by the vector's largest magnitude to
// [-127, 127] and rounded. Cosine distance ignores a vector's length, so the scale need not be
// kept; read back, a vector is its direction at unit length. The rounding error per component is
// at most 1/254 of the largest one: cosine similarities move by ~0.001 on 512 dimensions.
// Hand-written: sqlite-vec's vec_quantize_int8 clamps to a fixed range instead of the vector's own.
import { normalizeVector } from "../kernel/index.js";

/** The int8 bytes of `vector` (a zero vector stays zero). */
export function quantizeVector(vector: Float32Array): Buffer {
  let largest = 0;
  for (const value of vector) largest = Math.max(largest, Math.abs(value));
  const bytes = new Int8Array(vector.length);
  if (largest > 0) {
    const scale = 127 / largest;
    for (let index = 0; index < vector.length; index += 1)
      bytes[index] = Math.round((vector[index] ?? 0) * scale);
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The stored bytes as a unit-length Float32Array (zero stays zero). */
export function dequantizeVector(stored: Uint8Array): Float32Array {
  const bytes = new Int8Array(stored.buffer, stored.byteOffset, stored.byteLength);
  return normalizeVector(Float32Array.from(bytes));
}
