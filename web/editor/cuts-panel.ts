// The editor's format and cuts panel (issue 29, items 4 and 5): an aspect switch (the player
// takes the ratio's shape), "remove filler words" and "shorten pauses", and the list of spans
// they would cut (GET /v1/clips/:clipId/cuts) with a button to restore each one. The render
// request takes what the panel says (options()): aspect, remove_fillers, remove_silences, keep.
import type { Api } from './api.js';
import type { ClipCuts, RenderOptions, Span } from './cuts-types.js';

export const ASPECTS = ['9:16', '1:1', '4:5', '16:9'] as const;

const CSS = `
.cuts fieldset { display: flex; flex-wrap: wrap; gap: 10px; border: 0; padding: 0; margin: 0 0 6px; }
.cuts .removed { list-style: none; padding: 0; margin: 6px 0; max-height: 240px; overflow: auto; }
.cuts .removed li { display: flex; gap: 8px; align-items: center; padding: 2px 0; font-variant-numeric: tabular-nums; }
.cuts .removed li.restored .what { text-decoration: line-through; color: #666; }
.cuts .removed button { min-height: 30px; padding: 2px 10px; }
`;

const fmt = (s: number) => s.toFixed(2);
const key = (s: Span) => `${s.start}-${s.end}`;

export interface CutsPanelOptions {
  api: Pick<Api, 'cuts'>;
  /** The player, whose shape follows the aspect. */
  player: HTMLElement;
  /** The last render (the panel starts from what it asked for). */
  initial?: object | null;
  onError: (e: unknown) => void;
}

export class CutsPanel {
  readonly el = document.createElement('section');
  private cuts: ClipCuts | undefined;
  private restored = new Map<string, Span>();
  private readonly list: HTMLUListElement;
  private readonly summary: HTMLElement;

  constructor(private o: CutsPanelOptions) {
    document.head.append(Object.assign(document.createElement('style'), { textContent: CSS }));
    const init: Partial<RenderOptions> = o.initial ?? {};
    this.el.className = 'cuts';
    this.el.setAttribute('aria-labelledby', 'cuts-label');
    this.el.innerHTML = `
<h2 id="aspect-label">Aspect ratio</h2>
<fieldset id="aspects" aria-labelledby="aspect-label">
  ${ASPECTS.map((a) => `<label><input type="radio" name="aspect" value="${a}"${a === (init.aspect ?? '9:16') ? ' checked' : ''}> ${a}</label>`).join('')}
</fieldset>
<h2 id="cuts-label">Cuts</h2>
<fieldset>
  <label><input type="checkbox" id="remove-fillers"${init.remove_fillers ? ' checked' : ''}> Remove filler words</label>
  <label><input type="checkbox" id="remove-silences"${init.remove_silences ? ' checked' : ''}> Shorten pauses</label>
</fieldset>
<p class="muted" id="cut-summary" aria-live="polite"></p>
<ul class="removed" id="removed-spans" aria-label="Removed spans"></ul>`;
    for (const k of init.keep ?? []) this.restored.set(key(k), k);
    this.list = this.el.querySelector('#removed-spans')!;
    this.summary = this.el.querySelector('#cut-summary')!;
    this.el.querySelector('#aspects')!.addEventListener('change', () => this.shape());
    for (const id of ['remove-fillers', 'remove-silences']) this.el.querySelector(`#${id}`)!.addEventListener('change', () => void this.refresh().catch(o.onError));
    this.shape();
    if (init.remove_fillers || init.remove_silences) void this.refresh().catch(o.onError);
  }

  private checked = (id: string) => this.el.querySelector<HTMLInputElement>(`#${id}`)!.checked;

  get aspect(): string {
    return this.el.querySelector<HTMLInputElement>('input[name="aspect"]:checked')?.value ?? '9:16';
  }

  /** The player takes the aspect's shape (what the render will be). */
  private shape(): void {
    this.o.player.style.aspectRatio = this.aspect.replace(':', ' / ');
    this.o.player.dataset.aspect = this.aspect;
    // A ratio wider than 9:16 takes the column's width (its height follows); 9:16 keeps the
    // stylesheet's height, which keeps Play above the fold.
    const wide = this.aspect !== '9:16';
    this.o.player.style.height = wide ? 'auto' : '';
    this.o.player.style.width = wide ? '100%' : '';
    // The stylesheet's least height would widen a short 16:9 box out of its ratio.
    this.o.player.style.minHeight = wide ? '0' : '';
  }

  /** Lists what the ticked options would cut (call again after a trim or a transcript fix). */
  async refresh(): Promise<void> {
    const fillers = this.checked('remove-fillers');
    const silences = this.checked('remove-silences');
    if (!fillers && !silences) {
      this.cuts = undefined;
      return this.draw();
    }
    this.cuts = await this.o.api.cuts(fillers, silences);
    this.draw();
  }

  private draw(): void {
    const c = this.cuts;
    this.list.replaceChildren();
    if (!c) return void (this.summary.textContent = 'Nothing is cut.');
    const active = c.removed.filter((r) => !this.restored.has(key(r)));
    const cut = active.reduce((n, r) => n + r.end - r.start, 0);
    this.summary.textContent = `${active.length} of ${c.removed.length} spans cut: about ${fmt(Math.max(0, c.duration - cut))} s instead of ${fmt(c.duration)} s.`;
    for (const r of c.removed) {
      const li = document.createElement('li');
      const restored = this.restored.has(key(r));
      li.classList.toggle('restored', restored);
      const what = r.kind === 'filler' ? `filler “${r.text ?? ''}”` : 'pause';
      li.innerHTML = `<span class="what">${fmt(r.start)}–${fmt(r.end)} s: ${what.replace(/[&<>]/g, '')}</span>`;
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = restored ? 'Cut again' : 'Restore';
      button.setAttribute('aria-label', `${restored ? 'Cut again' : 'Restore'} the ${what} at ${fmt(r.start)} s`);
      button.addEventListener('click', () => {
        if (restored) this.restored.delete(key(r));
        else this.restored.set(key(r), { start: r.start, end: r.end });
        this.draw();
        this.list.querySelectorAll('button')[c.removed.indexOf(r)]?.focus();
      });
      li.append(button);
      this.list.append(li);
    }
  }

  /** The render request's fields (issue 29). */
  options(): RenderOptions {
    const keep = this.cuts ? this.cuts.removed.filter((r) => this.restored.has(key(r))).map((r) => ({ start: r.start, end: r.end })) : [];
    return {
      aspect: this.aspect,
      remove_fillers: this.checked('remove-fillers'),
      remove_silences: this.checked('remove-silences'),
      ...(keep.length ? { keep } : {}),
    };
  }
}
