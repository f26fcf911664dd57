// Range maximum in O(1) after O(n log n) set-up (a sparse table): the peak loudness of any window,
// the strongest topic change inside any window.

export class RangeMax {
  private readonly rows: Float64Array[];

  constructor(values: ArrayLike<number>) {
    this.rows = [Float64Array.from(values)];
    for (let k = 1; 1 << k <= values.length; k++) {
      const prev = this.rows[k - 1];
      const row = new Float64Array(values.length - (1 << k) + 1);
      const half = 1 << (k - 1);
      for (let i = 0; i < row.length; i++) row[i] = prev[i] > prev[i + half] ? prev[i] : prev[i + half];
      this.rows.push(row);
    }
  }

  /** Maximum of values[a .. b) ; `empty` when the range is empty. */
  max(a: number, b: number, empty = -Infinity): number {
    if (b <= a) return empty;
    const k = 31 - Math.clz32(b - a);
    const row = this.rows[k];
    return Math.max(row[a], row[b - (1 << k)]);
  }
}
