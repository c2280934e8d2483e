;; Dot products of f32 rows by WebAssembly SIMD, for recall by meaning (row-dots.ts loads the
;; binary, data/wasm/row-dots.wasm, built from this file by scripts/build-row-dots.ts). Products and
;; sums are in f64 in the same order as the JavaScript they replace, so every score is the same
;; number to the last bit: `dots` sums a row in four running sums (d mod 4), added as
;; (s0 + s1) + (s2 + s3); `pairDots` sums each candidate in one running sum, d after d.
(module
  (memory (export "memory") 1)

  ;; out[j] = query · row j for j < count. query: `dims` f64 at $q; rows: f32, `dims` a row, from
  ;; $rows; out: f64. (Four rows a pass was no faster: the scan waits on memory, not on adds.)
  (func (export "dots")
    (param $q i32) (param $rows i32) (param $count i32) (param $dims i32) (param $out i32)
    (local $j i32) (local $row i32) (local $d i32) (local $whole i32)
    (local $r v128) (local $a0 v128) (local $a1 v128) (local $s0 f64)
    (local.set $whole (i32.and (local.get $dims) (i32.const -4)))
    (local.set $row (local.get $rows))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $j) (local.get $count)))
        (local.set $a0 (v128.const f64x2 0 0))
        (local.set $a1 (v128.const f64x2 0 0))
        (local.set $d (i32.const 0))
        ;; four numbers a step: lanes (d, d + 1) in $a0, (d + 2, d + 3) in $a1
        (block $fours
          (loop $four
            (br_if $fours (i32.ge_u (local.get $d) (local.get $whole)))
            (local.set $r
              (v128.load (i32.add (local.get $row) (i32.shl (local.get $d) (i32.const 2)))))
            (local.set $a0
              (f64x2.add (local.get $a0)
                (f64x2.mul
                  (v128.load (i32.add (local.get $q) (i32.shl (local.get $d) (i32.const 3))))
                  (f64x2.promote_low_f32x4 (local.get $r)))))
            (local.set $a1
              (f64x2.add (local.get $a1)
                (f64x2.mul
                  (v128.load offset=16
                    (i32.add (local.get $q) (i32.shl (local.get $d) (i32.const 3))))
                  (f64x2.promote_low_f32x4
                    (i8x16.shuffle 8 9 10 11 12 13 14 15 0 1 2 3 4 5 6 7
                      (local.get $r) (local.get $r))))))
            (local.set $d (i32.add (local.get $d) (i32.const 4)))
            (br $four)))
        ;; what is left of the row goes to the first sum, d after d
        (local.set $s0 (f64x2.extract_lane 0 (local.get $a0)))
        (block $ones
          (loop $one
            (br_if $ones (i32.ge_u (local.get $d) (local.get $dims)))
            (local.set $s0
              (f64.add (local.get $s0)
                (f64.mul
                  (f64.load (i32.add (local.get $q) (i32.shl (local.get $d) (i32.const 3))))
                  (f64.promote_f32
                    (f32.load (i32.add (local.get $row) (i32.shl (local.get $d) (i32.const 2))))))))
            (local.set $d (i32.add (local.get $d) (i32.const 1)))
            (br $one)))
        ;; (s0 + s1) + (s2 + s3)
        (f64.store (i32.add (local.get $out) (i32.shl (local.get $j) (i32.const 3)))
          (f64.add
            (f64.add (local.get $s0) (f64x2.extract_lane 1 (local.get $a0)))
            (f64.add (f64x2.extract_lane 0 (local.get $a1)) (f64x2.extract_lane 1 (local.get $a1)))))
        (local.set $row (i32.add (local.get $row) (i32.shl (local.get $dims) (i32.const 2))))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each))))

  ;; The dots of rows from ≤ j < to with candidates held two by two: at $pairs, for each pair and
  ;; each d, the pair's two f64 numbers (16 bytes). $groups groups of four pairs (8 candidates; the
  ;; caller pads with zeros). out, f64, row after row: the row's dot with each candidate in order.
  (func (export "pairDots")
    (param $pairs i32) (param $groups i32) (param $rows i32) (param $from i32) (param $to i32)
    (param $dims i32) (param $out i32)
    (local $j i32) (local $row i32) (local $g i32) (local $d i32) (local $c i32) (local $o i32)
    (local $stride i32) (local $x v128)
    (local $a0 v128) (local $a1 v128) (local $a2 v128) (local $a3 v128)
    ;; bytes of one pair's numbers
    (local.set $stride (i32.shl (local.get $dims) (i32.const 4)))
    (local.set $j (local.get $from))
    (local.set $o (local.get $out))
    (block $done
      (loop $each
        (br_if $done (i32.ge_u (local.get $j) (local.get $to)))
        (local.set $row
          (i32.add (local.get $rows)
            (i32.mul (local.get $j) (i32.shl (local.get $dims) (i32.const 2)))))
        (local.set $g (i32.const 0))
        (block $groupsDone
          (loop $group
            (br_if $groupsDone (i32.ge_u (local.get $g) (local.get $groups)))
            (local.set $c
              (i32.add (local.get $pairs)
                (i32.mul (local.get $g) (i32.shl (local.get $stride) (i32.const 2)))))
            (local.set $a0 (v128.const f64x2 0 0))
            (local.set $a1 (v128.const f64x2 0 0))
            (local.set $a2 (v128.const f64x2 0 0))
            (local.set $a3 (v128.const f64x2 0 0))
            (local.set $d (i32.const 0))
            (block $dimsDone
              (loop $dim
                (br_if $dimsDone (i32.ge_u (local.get $d) (local.get $dims)))
                (local.set $x
                  (f64x2.splat
                    (f64.promote_f32
                      (f32.load
                        (i32.add (local.get $row) (i32.shl (local.get $d) (i32.const 2)))))))
                (local.set $a0
                  (f64x2.add (local.get $a0) (f64x2.mul (v128.load (local.get $c)) (local.get $x))))
                (local.set $a1
                  (f64x2.add (local.get $a1)
                    (f64x2.mul
                      (v128.load (i32.add (local.get $c) (local.get $stride))) (local.get $x))))
                (local.set $a2
                  (f64x2.add (local.get $a2)
                    (f64x2.mul
                      (v128.load
                        (i32.add (local.get $c) (i32.shl (local.get $stride) (i32.const 1))))
                      (local.get $x))))
                (local.set $a3
                  (f64x2.add (local.get $a3)
                    (f64x2.mul
                      (v128.load
                        (i32.add (local.get $c) (i32.mul (local.get $stride) (i32.const 3))))
                      (local.get $x))))
                (local.set $c (i32.add (local.get $c) (i32.const 16)))
                (local.set $d (i32.add (local.get $d) (i32.const 1)))
                (br $dim)))
            (v128.store (local.get $o) (local.get $a0))
            (v128.store offset=16 (local.get $o) (local.get $a1))
            (v128.store offset=32 (local.get $o) (local.get $a2))
            (v128.store offset=48 (local.get $o) (local.get $a3))
            (local.set $o (i32.add (local.get $o) (i32.const 64)))
            (local.set $g (i32.add (local.get $g) (i32.const 1)))
            (br $group)))
        (local.set $j (i32.add (local.get $j) (i32.const 1)))
        (br $each)))))
