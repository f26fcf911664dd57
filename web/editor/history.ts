// Undo and redo of the page's edits (issue 29, item 2: "undo/redo of trims and edits"): the trim,
// the words and the title as one snapshot. Changes of one kind within COALESCE_MS (a dragged
// handle, held arrow keys) are one step.
const COALESCE_MS = 600;

export class History<T> {
  private past: T[] = [];
  private future: T[] = [];
  private last = { kind: '', at: 0 };

  constructor(private current: T, private changed: () => void) {}

  /** Records `next` as the page's state after a change of `kind`. */
  push(next: T, kind: string): void {
    if (JSON.stringify(next) === JSON.stringify(this.current)) return;
    const now = Date.now();
    if (!(kind === this.last.kind && now - this.last.at < COALESCE_MS && this.past.length)) this.past.push(this.current);
    this.current = next;
    this.future = [];
    this.last = { kind, at: now };
    this.changed();
  }

  undo(): T | undefined {
    return this.step(this.past, this.future);
  }

  redo(): T | undefined {
    return this.step(this.future, this.past);
  }

  get canUndo(): boolean {
    return this.past.length > 0;
  }

  get canRedo(): boolean {
    return this.future.length > 0;
  }

  private step(from: T[], to: T[]): T | undefined {
    const next = from.pop();
    if (next === undefined) return undefined;
    to.push(this.current);
    this.current = next;
    this.last = { kind: '', at: 0 };
    this.changed();
    return next;
  }
}
