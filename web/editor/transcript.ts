// The clip's words, editable in place (issue 16, item 2). A word is a button that plays from it;
// double-click (or Enter on it) turns it into a text field. Typing two words splits its time
// between them; emptying it removes it. Saving sends them all (PUT /v1/clips/:clipId/transcript).
// The transcript is one Tab stop (a roving tabindex): arrow keys, Home and End move between words.
import type { Word } from './types.js';

export function editWord(words: Word[], index: number, text: string): Word[] {
  const w = words[index];
  const parts = text.trim().split(/\s+/).filter(Boolean);
  const step = (w.end - w.start) / Math.max(1, parts.length);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  const made = parts.map((p, i) => ({ text: p, start: round(w.start + i * step), end: round(i === parts.length - 1 ? w.end : w.start + (i + 1) * step) }));
  return [...words.slice(0, index), ...made, ...words.slice(index + 1)];
}

export class TranscriptEditor {
  readonly el: HTMLElement;
  words: Word[] = [];
  dirty = false;
  /** The word that holds the transcript's one Tab stop. */
  private current = 0;

  constructor(private o: { onSeek: (t: number) => void; onChange: (words: Word[]) => void }) {
    this.el = document.createElement('div');
    this.el.className = 'words';
    this.el.setAttribute('role', 'group');
    this.el.setAttribute('aria-label', 'Transcript: arrow keys move between words; double-click or Enter corrects one');
  }

  set(words: Word[], dirty = false): void {
    this.words = words;
    this.dirty = dirty;
    this.current = Math.max(0, Math.min(this.current, words.length - 1));
    this.el.replaceChildren(
      ...words.map((w, i) => {
        const b = document.createElement('button');
        b.type = 'button';
        b.className = 'word';
        b.textContent = w.text;
        b.dataset.index = String(i);
        b.tabIndex = i === this.current ? 0 : -1;
        b.setAttribute('aria-label', `${w.text}, at ${w.start.toFixed(1)} seconds; double-click or Enter to correct`);
        b.addEventListener('click', () => this.o.onSeek(w.start));
        b.addEventListener('dblclick', () => this.edit(i));
        b.addEventListener('focus', () => this.rove(i));
        b.addEventListener('keydown', (e) => {
          if (e.key === 'Enter' || e.key === 'F2') {
            e.preventDefault();
            this.edit(i);
          }
          const to = ({ ArrowLeft: i - 1, ArrowUp: i - 1, ArrowRight: i + 1, ArrowDown: i + 1, Home: 0, End: words.length - 1 } as Record<string, number>)[e.key];
          if (to === undefined || e.ctrlKey || e.metaKey || e.altKey) return;
          // Handled here: the page's own arrow keys (nudging the trim) are not for a word.
          e.preventDefault();
          e.stopPropagation();
          this.button(Math.max(0, Math.min(to, words.length - 1)))?.focus();
        });
        return b;
      }),
    );
  }

  private button(i: number): HTMLElement | null {
    return this.el.querySelector<HTMLElement>(`[data-index="${i}"]`);
  }

  /** Moves the transcript's Tab stop to word `i`. */
  private rove(i: number): void {
    if (i === this.current) return;
    const before = this.button(this.current);
    if (before) before.tabIndex = -1;
    this.current = i;
    const now = this.button(i);
    if (now) now.tabIndex = 0;
  }

  /** A word is open for correction (live state must not redraw the words then). */
  editing(): boolean {
    return this.el.querySelector('input') !== null;
  }

  highlight(t: number): void {
    this.el.querySelectorAll<HTMLElement>('.word').forEach((b) => {
      const w = this.words[Number(b.dataset.index)];
      b.classList.toggle('now', Boolean(w) && t >= w.start && t < w.end);
    });
  }

  private edit(i: number): void {
    const button = this.button(i);
    if (!button) return;
    const input = document.createElement('input');
    input.className = 'word-input';
    input.value = this.words[i].text;
    input.setAttribute('aria-label', `Correct the word "${this.words[i].text}"`);
    input.size = Math.max(3, input.value.length + 1);
    let done = false;
    const commit = (keep: boolean) => {
      if (done) return;
      done = true;
      const before = this.words;
      const next = keep && input.value.trim() !== before[i].text ? editWord(before, i, input.value) : before;
      this.set(next, this.dirty || next !== before);
      if (next !== before) this.o.onChange(next);
      this.button(Math.min(i, next.length - 1))?.focus();
    };
    input.addEventListener('keydown', (e) => {
      e.stopPropagation();
      if (e.key === 'Enter') commit(true);
      if (e.key === 'Escape') commit(false);
    });
    input.addEventListener('blur', () => commit(true));
    button.replaceWith(input);
    input.focus();
    input.select();
  }
}
