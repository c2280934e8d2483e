// An int8 vector packed for a plain table: a hashed bag of words (the `local` embedder) has
// ~28 of its 384 components set, so a bitmap of the set components and their bytes is a fifth
// of the dense bytes, and reads back the very same int8 values (nothing is lost, so segmentation
// sees the same vectors). A vector that packs no smaller is kept dense.
//   dense:  0x00, the d bytes
//   sparse: 0x01, d as uint16 LE, a bitmap of ceil(d/8) bytes (bit i: component i is set), the
//           set components' bytes in order

const DENSE = 0;
const SPARSE = 1;
const SPARSE_HEADER = 3;

/** The packed form of int8 `bytes` (as quantizeVector gives them). */
export function packVector(bytes: Uint8Array): Buffer {
  const values = new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let set = 0;
  for (const value of values) if (value !== 0) set += 1;
  const bitmapBytes = Math.ceil(values.length / 8);
  if (SPARSE_HEADER + bitmapBytes + set >= values.length + 1 || values.length > 0xffff) {
    const dense = Buffer.alloc(values.length + 1);
    dense[0] = DENSE;
    dense.set(bytes, 1);
    return dense;
  }
  const packed = Buffer.alloc(SPARSE_HEADER + bitmapBytes + set);
  packed[0] = SPARSE;
  packed.writeUInt16LE(values.length, 1);
  let next = SPARSE_HEADER + bitmapBytes;
  values.forEach((value, index) => {
    if (value === 0) return;
    const at = SPARSE_HEADER + (index >> 3);
    packed[at] = (packed[at] ?? 0) | (1 << (index & 7));
    packed.writeInt8(value, next);
    next += 1;
  });
  return packed;
}

/** The int8 bytes `packVector` packed; throws on a blob it did not write. */
export function unpackVector(packed: Uint8Array): Buffer {
  const blob = Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength);
  if (blob[0] === DENSE) return blob.subarray(1);
  if (blob[0] !== SPARSE || blob.length < SPARSE_HEADER)
    throw new Error(`not a packed vector (format byte ${blob[0]})`);
  const dimensions = blob.readUInt16LE(1);
  const bytes = Buffer.alloc(dimensions);
  let next = SPARSE_HEADER + Math.ceil(dimensions / 8);
  for (let index = 0; index < dimensions; index += 1) {
    const bits = blob[SPARSE_HEADER + (index >> 3)] ?? 0;
    if ((bits & (1 << (index & 7))) === 0) continue;
    bytes[index] = blob[next] ?? 0;
    next += 1;
  }
  return bytes;
}
