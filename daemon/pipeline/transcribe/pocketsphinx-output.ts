import type { Segment, Word } from '../types.js';

const WORD_LINE = /^(\S+)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?(?:e[-+]?\d+)?)$/i;

/**
 * Markers and fillers of the en-us model (its noisedict), and the `(NULL)` a JSGF grammar's
 * empty transitions print: not words anybody said.
 */
export function isFiller(token: string): boolean {
  return token === '<s>' || token === '</s>' || token === '<sil>' || token === '(NULL)' || /^\[.*\]$/.test(token) || /^\+\+.*\+\+$/.test(token);
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/**
 * Reads what `pocketsphinx_continuous -time yes` prints (FACTS.md): for each utterance a
 * hypothesis line, then one `word start end posterior` line per word, framed by `<s>` and `</s>`,
 * with `<sil>` and noise fillers between words and pronunciation variants as `word(2)`.
 * The recogniser gives no punctuation, and one utterance may run over many sentences, so a segment
 * also ends at a `<sil>` of at least `splitPause` seconds (speakers pause about 0.3 s between
 * sentences, far less between words). `offset` (seconds) moves the chunk's times to the source's.
 */
export class PocketsphinxOutput {
  readonly segments: Segment[] = [];
  /** The latest time (chunk-relative seconds) the output has reached: progress within a chunk. */
  reached = 0;
  private words: Word[] = [];

  constructor(
    private offset = 0,
    private splitPause = 0.25,
  ) {}

  push(line: string): void {
    const m = WORD_LINE.exec(line.trim());
    if (!m) {
      // A hypothesis line opens the next utterance.
      if (line.trim()) this.flush();
      return;
    }
    const [, token, start, end, posterior] = m;
    this.reached = Math.max(this.reached, Number(end));
    if (token === '</s>' || (token === '<sil>' && Number(end) - Number(start) >= this.splitPause)) return this.flush();
    if (isFiller(token)) return;
    this.words.push({
      text: token.replace(/\(\d+\)$/, '').toLowerCase(),
      start: round(Number(start) + this.offset),
      end: round(Number(end) + this.offset),
      confidence: Math.min(1, Math.max(0, Number(posterior))),
    });
  }

  /** Ends the current utterance (also call it once the output is over). */
  flush(): void {
    if (!this.words.length) return;
    const words = this.words;
    this.words = [];
    this.segments.push({ text: words.map((w) => w.text).join(' '), start: words[0].start, end: words[words.length - 1].end, words });
  }
}

/** Parses a whole output at once. */
export function parsePocketsphinxOutput(text: string, offset = 0, splitPause?: number): Segment[] {
  const out = new PocketsphinxOutput(offset, splitPause);
  for (const line of text.split(/\r?\n/)) out.push(line);
  out.flush();
  return out.segments;
}
