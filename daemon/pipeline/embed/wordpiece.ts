// BERT's WordPiece tokenizer (issue 28, item 3) for the `vocab.txt` of BERT-style sentence
// encoders (bge-small-en-v1.5, all-MiniLM-L6-v2): the "basic" step of BERT's tokenization.py
// (clean, lower-case, strip accents, split on white space and punctuation, CJK characters apart)
// and then greedy longest-match-first pieces, `##` marking a piece inside a word; a word with no
// pieces, or longer than 100 characters, is [UNK].

const MAX_WORD_CHARS = 100;

export interface Encoded {
  ids: number[];
  /** 1 for real tokens, 0 for padding. */
  mask: number[];
}

export class WordPiece {
  private readonly ids = new Map<string, number>();
  readonly cls: number;
  readonly sep: number;
  readonly pad: number;
  readonly unk: number;

  constructor(vocabText: string, private readonly lowerCase = true) {
    vocabText.split(/\r?\n/).forEach((t, i) => {
      if (t && !this.ids.has(t)) this.ids.set(t, i);
    });
    const need = (t: string) => {
      const id = this.ids.get(t);
      if (id === undefined) throw new Error(`the vocabulary has no ${t} token`);
      return id;
    };
    [this.cls, this.sep, this.pad, this.unk] = ['[CLS]', '[SEP]', '[PAD]', '[UNK]'].map(need);
  }

  get size(): number {
    return this.ids.size;
  }

  /** The words of `text` after BERT's basic tokenization. */
  basic(text: string): string[] {
    let s = text.replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/g, '');
    if (this.lowerCase) s = s.toLowerCase().normalize('NFD').replace(/\p{Mn}/gu, '');
    s = s.replace(/([\p{P}\p{S}\u4e00-\u9fff\u3400-\u4dbf\uf900-\ufaff])/gu, ' $1 ');
    return s.split(/\s+/).filter(Boolean);
  }

  /** A word's pieces, greedy longest match first. */
  pieces(word: string): number[] {
    const chars = [...word];
    if (chars.length > MAX_WORD_CHARS) return [this.unk];
    const out: number[] = [];
    for (let start = 0; start < chars.length; ) {
      let end = chars.length;
      let found: number | undefined;
      for (; end > start; end--) {
        const piece = (start > 0 ? '##' : '') + chars.slice(start, end).join('');
        found = this.ids.get(piece);
        if (found !== undefined) break;
      }
      if (found === undefined) return [this.unk];
      out.push(found);
      start = end;
    }
    return out;
  }

  /** `[CLS] pieces [SEP]`, cut to `maxTokens` in all. */
  encode(text: string, maxTokens = 512): number[] {
    const body: number[] = [];
    for (const w of this.basic(text)) {
      body.push(...this.pieces(w));
      if (body.length >= maxTokens - 2) break;
    }
    return [this.cls, ...body.slice(0, maxTokens - 2), this.sep];
  }

  /** Texts as one padded batch (every row as long as the longest). */
  batch(texts: string[], maxTokens = 512): Encoded[] {
    const rows = texts.map((t) => this.encode(t, maxTokens));
    const width = Math.max(...rows.map((r) => r.length));
    return rows.map((r) => ({ ids: [...r, ...Array<number>(width - r.length).fill(this.pad)], mask: [...r.map(() => 1), ...Array<number>(width - r.length).fill(0)] }));
  }
}
