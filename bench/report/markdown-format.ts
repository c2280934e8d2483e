// Small formatting helpers for docs/benchmarks.md: tables, numbers, shares. Pure.

/** A GitHub-flavoured Markdown table; the first column is left-aligned, the others right. */
export function table(header: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const align = header.map((_, index) => (index === 0 ? ":---" : "---:"));
  return [header, align, ...rows].map((cells) => `| ${cells.join(" | ")} |`).join("\n");
}

/** 1234567 → "1,234,567"; fractions keep `digits` decimals. */
export function number(value: number, digits = 0): string {
  return value.toLocaleString("en-US", {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  });
}

/** Milliseconds with a precision that suits their size: 0.045 → "0.05", 12.3 → "12.3", 1234 → "1,234". */
export function ms(value: number): string {
  if (value < 1) return value.toFixed(2);
  if (value < 100) return value.toFixed(1);
  return number(value);
}

/** 0.8333 → "83%". */
export function percent(share: number, digits = 0): string {
  return `${(share * 100).toFixed(digits)}%`;
}

/** "n of m (p%)". */
export function countShare(count: number, total: number): string {
  return total === 0 ? "–" : `${count}/${total} (${percent(count / total)})`;
}

/** 2000 → "2k", 100000 → "100k". */
export function sizeName(size: number): string {
  if (size % 1_000_000 === 0) return `${size / 1_000_000}M`;
  return size % 1000 === 0 ? `${size / 1000}k` : String(size);
}

/** 1_410_793 → "1.41M", 57_649 → "57.6k". */
export function compact(value: number): string {
  if (value >= 1e6) return `${(value / 1e6).toFixed(2)}M`;
  if (value >= 1e4) return `${(value / 1e3).toFixed(1)}k`;
  return number(value);
}

/** "✅ met" / "❌ missed" for a target. */
export function verdict(met: boolean): string {
  return met ? "met" : "**missed**";
}
