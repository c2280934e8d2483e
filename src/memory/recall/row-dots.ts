// Rows of f32 numbers held in a WebAssembly memory, and their dot products by SIMD (the kernel:
// row-dots.wat, shipped built as data/wasm/row-dots.wasm). Recall by meaning compares a question
// with each of the newest 20,000 messages, and a candidate's crowding with all of them; in plain
// JavaScript that scan was most of the leg's time. Hand-written: the npm vector libraries are
// native (a compiler or a download at install) or approximate, and sum in their own order; this
// kernel sums in the order of the JavaScript it replaced, so every score, and every ranking ADR
// 0004 measured, is the same to the last bit (row-dots.test.ts).
// docs/decisions/0004-recall-ranking.md, round 27.
import { readFileSync } from "node:fs";
import { packageFile } from "../../kernel/index.js";

const PAGE = 65_536;
/** Candidates the pair kernel takes a pass: four pairs (row-dots.wat, pairDots). */
const GROUP = 8;

interface Kernel {
  dots(q: number, rows: number, count: number, dims: number, out: number): void;
  pairDots(
    pairs: number,
    groups: number,
    rows: number,
    from: number,
    to: number,
    dims: number,
    out: number,
  ): void;
}

let compiled: WebAssembly.Module | undefined;

function kernelModule(): WebAssembly.Module {
  compiled ??= new WebAssembly.Module(readFileSync(packageFile("data", "wasm", "row-dots.wasm")));
  return compiled;
}

/** Bytes rounded up to a multiple of 16 (a SIMD lane's alignment). */
const aligned = (bytes: number) => Math.ceil(bytes / 16) * 16;

/**
 * `count` rows of `dims` f32 numbers, one after another from byte 0 of the memory, with room for
 * `capacity`; the memory after the room is scratch for the kernel's inputs and outputs.
 */
export class RowSet {
  count = 0;
  private capacity = 0;
  private readonly memory: WebAssembly.Memory;
  private readonly kernel: Kernel;

  constructor(readonly dims: number) {
    const instance = new WebAssembly.Instance(kernelModule());
    this.kernel = instance.exports as unknown as Kernel;
    this.memory = instance.exports["memory"] as WebAssembly.Memory;
  }

  /** The rows, `count` × `dims` (a view: made again after the memory grows). */
  get flat(): Float32Array {
    return new Float32Array(this.memory.buffer, 0, this.count * this.dims);
  }

  /** Room for `rows` rows, keeping those held; a view of all of it to write rows into. */
  room(rows: number): Float32Array {
    if (rows > this.capacity) {
      this.capacity = Math.ceil(rows * 1.25);
      this.fit(0);
    }
    return new Float32Array(this.memory.buffer, 0, this.capacity * this.dims);
  }

  /** Drops the first `drop` rows (the others move to the front). */
  dropFirst(drop: number): void {
    const kept = Math.max(0, this.count - drop);
    const view = new Float32Array(this.memory.buffer, 0, this.count * this.dims);
    view.copyWithin(0, (this.count - kept) * this.dims);
    this.count = kept;
  }

  /** `query` · row j for each row j (f64, the row's index). */
  dotsWith(query: Float32Array): Float64Array {
    const { dims, count } = this;
    const q = this.scratch();
    const out = q + aligned(dims * 8);
    this.fit(out + count * 8 - this.rowBytes());
    new Float64Array(this.memory.buffer, q, dims).set(query);
    this.kernel.dots(q, 0, count, dims, out);
    return new Float64Array(this.memory.buffer, out, count).slice();
  }

  /**
   * The dots of rows `from` ≤ j < `to` with the rows `picked`: for each j in order, one number for
   * each picked row, in order (`picked.length` rounded up to a multiple of 8 numbers a row). A
   * view of the scratch memory: read it before the next call.
   */
  dotsOfRows(picked: readonly number[], from: number, to: number): Float64Array {
    const { dims } = this;
    const width = Math.ceil(picked.length / GROUP) * GROUP;
    const pairs = this.scratch();
    const out = pairs + width * dims * 8;
    this.fit(out + (to - from) * width * 8 - this.rowBytes());
    const rows = this.flat;
    const held = new Float64Array(this.memory.buffer, pairs, width * dims).fill(0);
    picked.forEach((row, c) => {
      const base = (c >> 1) * dims * 2 + (c & 1);
      for (let d = 0; d < dims; d += 1) held[base + d * 2] = rows[row * dims + d] as number;
    });
    this.kernel.pairDots(pairs, width / GROUP, 0, from, to, dims, out);
    return new Float64Array(this.memory.buffer, out, (to - from) * width);
  }

  private rowBytes(): number {
    return aligned(this.capacity * this.dims * 4);
  }

  private scratch(): number {
    return this.rowBytes();
  }

  /** Grows the memory to hold the rows' room and `scratch` bytes after it. */
  private fit(scratch: number): void {
    const needed = this.rowBytes() + Math.max(0, scratch);
    const pages = Math.ceil(needed / PAGE) - this.memory.buffer.byteLength / PAGE;
    if (pages > 0) this.memory.grow(pages);
  }
}
