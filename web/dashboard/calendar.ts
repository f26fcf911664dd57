// The calendar of scheduled posts (issue 29, item 3): the next DAYS days, each post on its day at
// its time. A post moves by dragging it to another day (same time of day) or, from the keyboard,
// with its "a day earlier" and "a day later" buttons; Cancel cancels it.
import { PLATFORM_NAMES, type Post } from './types.js';

const DAYS = 14;
const DAY_MS = 86_400_000;

export interface Scheduled {
  post: Post;
  clipTitle: string;
}

const dayKey = (t: number) => {
  const d = new Date(t);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
const midnight = (t: number) => new Date(new Date(t).setHours(0, 0, 0, 0)).getTime();

/** `at` moved to the day starting at `dayStart`, keeping its time of day. */
export function onDay(at: number, dayStart: number): number {
  const d = new Date(at);
  return new Date(dayStart).setHours(d.getHours(), d.getMinutes(), d.getSeconds(), d.getMilliseconds());
}

export class Calendar {
  private last = '';

  constructor(private el: HTMLElement, private onMove: (post: Post, at: number) => void, private onCancel: (post: Post) => void) {}

  show(items: Scheduled[], now = Date.now()): void {
    const first = midnight(now);
    const seen = JSON.stringify([dayKey(first), items.map((i) => [i.post.id, i.post.scheduled_at, i.clipTitle])]);
    if (seen === this.last) return;
    this.last = seen;
    // Drawn again, the calendar keeps the focus on the same control (a keyboard user's place).
    const focused = this.el.contains(document.activeElement) ? document.activeElement?.getAttribute('aria-label') : undefined;
    const days = Array.from({ length: DAYS }, (_, i) => new Date(first).setDate(new Date(first).getDate() + i));
    const later = items.filter((i) => (i.post.scheduled_at ?? 0) >= first + DAYS * DAY_MS);
    this.el.replaceChildren(
      ...days.map((start) => {
        const cell = document.createElement('section');
        cell.className = 'day';
        cell.dataset.day = dayKey(start);
        const label = new Date(start).toLocaleDateString(undefined, { weekday: 'short', day: 'numeric', month: 'short' });
        cell.setAttribute('aria-label', label);
        cell.innerHTML = `<h3>${label}</h3>`;
        cell.addEventListener('dragover', (e) => e.preventDefault());
        cell.addEventListener('drop', (e) => {
          e.preventDefault();
          const item = items.find((i) => i.post.id === e.dataTransfer?.getData('text/plain'));
          if (item?.post.scheduled_at && dayKey(item.post.scheduled_at) !== cell.dataset.day) this.onMove(item.post, onDay(item.post.scheduled_at, start));
        });
        for (const item of items.filter((i) => dayKey(i.post.scheduled_at ?? 0) === dayKey(start)).sort((a, b) => a.post.scheduled_at! - b.post.scheduled_at!)) cell.append(this.chip(item));
        return cell;
      }),
    );
    if (focused) [...this.el.querySelectorAll<HTMLElement>('[aria-label]')].find((e) => e.getAttribute('aria-label') === focused)?.focus();
    if (later.length) this.el.append(Object.assign(document.createElement('p'), { className: 'muted', textContent: `${later.length} more scheduled after these ${DAYS} days.` }));
  }

  private chip({ post, clipTitle }: Scheduled): HTMLElement {
    const chip = document.createElement('div');
    chip.className = 'chip';
    chip.draggable = true;
    chip.dataset.postId = post.id;
    const at = post.scheduled_at!;
    const time = new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
    const name = `${PLATFORM_NAMES[post.platform] ?? post.platform}: ${clipTitle}`;
    chip.setAttribute('aria-label', `${name} at ${time}`);
    chip.innerHTML = `<span><b></b> <span></span></span><span class="chip-actions"></span>`;
    chip.querySelector('b')!.textContent = time;
    chip.querySelector('span span')!.textContent = name;
    chip.addEventListener('dragstart', (e) => e.dataTransfer?.setData('text/plain', post.id));
    const actions = chip.querySelector('.chip-actions')!;
    const button = (text: string, label: string, run: () => void) => {
      const b = Object.assign(document.createElement('button'), { type: 'button', textContent: text });
      b.setAttribute('aria-label', label);
      b.addEventListener('click', run);
      actions.append(b);
    };
    const shift = (days: number) => new Date(at).setDate(new Date(at).getDate() + days);
    button('←', `Move ${name} a day earlier`, () => this.onMove(post, shift(-1)));
    button('→', `Move ${name} a day later`, () => this.onMove(post, shift(1)));
    button('Cancel', `Cancel ${name}`, () => this.onCancel(post));
    return chip;
  }
}
