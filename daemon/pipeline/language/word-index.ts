/**
 * The rows of a word list held as bytes (words joined by "\n", as the word vector file stores
 * them), found by an open-addressing hash table of typed arrays: no JavaScript string or Map
 * entry per word, so 200,000 words cost ~3 MB outside the JavaScript heap instead of ~25 MB in
 * it. Words of ASCII letters are hashed from their bytes; any other word (none in the shipped
 * file) is kept in a small Map. As with Map.set, a word listed twice names its last row.
 */
export class WordIndex {
  /** Where each word starts in `bytes`; one more entry past the end. */
  private readonly starts: Uint32Array;
  /** Row + 1 of the word hashed there, 0 for an empty slot. */
  private readonly slots: Int32Array;
  private readonly mask: number;
  private readonly others = new Map<string, number>();

  constructor(private readonly bytes: Uint8Array, readonly count: number) {
    this.starts = new Uint32Array(count + 1);
    for (let i = 0, w = 1; i < bytes.length && w < count; i++) if (bytes[i] === 10) this.starts[w++] = i + 1;
    this.starts[count] = bytes.length + 1;
    let size = 2;
    while (size < count * 2) size *= 2;
    this.slots = new Int32Array(size);
    this.mask = size - 1;
    const decoder = new TextDecoder();
    for (let row = 0; row < count; row++) {
      const [from, to] = [this.starts[row], this.starts[row + 1] - 1];
      let ascii = true;
      for (let i = from; i < to && ascii; i++) ascii = bytes[i] < 128;
      if (!ascii) this.others.set(decoder.decode(bytes.subarray(from, to)), row);
      else this.slots[this.slotOf(from, to, (i) => bytes[i])] = row + 1;
    }
  }

  /** A list of words as an index (the words must hold no "\n"). */
  static of(words: string[]): WordIndex {
    return new WordIndex(Buffer.from(words.join('\n'), 'utf8'), words.length);
  }

  has(word: string): boolean {
    return this.get(word) !== undefined;
  }

  /** The word's row, or undefined when it is not listed. */
  get(word: string): number | undefined {
    for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 128) return this.others.get(word);
    const row = this.slots[this.slotOf(0, word.length, (i) => word.charCodeAt(i))] - 1;
    return row >= 0 ? row : undefined;
  }

  /** The slot holding the word of codes `at(from..to)`, or the empty slot where it would go. */
  private slotOf(from: number, to: number, at: (i: number) => number): number {
    let h = 0x811c9dc5;
    for (let i = from; i < to; i++) h = Math.imul(h ^ at(i), 0x01000193);
    for (let s = h & this.mask; ; s = (s + 1) & this.mask) {
      const row = this.slots[s] - 1;
      if (row < 0 || this.holds(row, from, to, at)) return s;
    }
  }

  /** Row `row`'s word has the codes `at(from..to)`. */
  private holds(row: number, from: number, to: number, at: (i: number) => number): boolean {
    const start = this.starts[row];
    if (this.starts[row + 1] - 1 - start !== to - from) return false;
    for (let i = 0; i < to - from; i++) if (this.bytes[start + i] !== at(from + i)) return false;
    return true;
  }
}
