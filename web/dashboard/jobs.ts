// Jobs as folders named after their video (spec "Clip job": "The job's folder in the dashboard is
// named after the video"), each with its progress and its clips as a grid of previews with
// score, sub-scores, reason, length and title (issue 29, item 3). A folder or a card is drawn
// again only when what it shows changed, so a playing preview, an open folder, a ticked box or
// the focus survive the live state.
import type { Clip, Job } from './types.js';

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const length = (s: number) => `${Math.floor(s / 60)}:${String(Math.round(s % 60)).padStart(2, '0')}`;
const pct = (n: number) => `${Math.round(n * 100)}`;
/** What a card shows, without the signed URLs that change on every read. */
const looks = (c: Clip) => JSON.stringify({ ...c, preview_url: Boolean(c.preview_url), render: c.render && { ...c.render, output_url: undefined } });

function progressText(job: Job): string {
  if (job.status === 'error') return `failed: ${job.error ?? ''}`;
  if (job.status === 'done') return `${job.clips.length} clip${job.clips.length === 1 ? '' : 's'}`;
  const stage = job.stage ? ` · ${job.stage.name.replace(/_/g, ' ')}${job.stage.total ? ` ${job.stage.done ?? 0}/${job.stage.total}` : ''}` : '';
  return `${job.status} ${pct(job.progress)}%${stage}`;
}

function clipCard(c: Clip, selected: boolean): HTMLElement {
  const card = document.createElement('article');
  card.className = 'clip-card';
  card.dataset.clipId = c.id;
  card.setAttribute('aria-label', c.title);
  const subs = Object.entries(c.scores ?? c.score_breakdown ?? {}).map(([k, v]) => `<li>${esc(k.replace(/_/g, ' '))} <b>${pct(v)}</b></li>`).join('');
  const render = c.render ? `<span class="badge">render ${esc(c.render.status)}${c.render.status === 'processing' || c.render.status === 'queued' ? ` ${pct(c.render.progress)}%` : ''}</span>` : '';
  const posts = c.posts.filter((p) => p.status !== 'cancelled').map((p) => `<span class="badge">${esc(p.platform.replace(/_/g, ' '))}: ${esc(p.status)}</span>`).join('');
  card.innerHTML = `
    ${c.preview_url ? `<video src="${esc(c.preview_url)}" preload="metadata" muted playsinline controls aria-label="Preview of ${esc(c.title)}"></video>` : '<div class="no-preview">Preview on its way…</div>'}
    <label class="pick"><input type="checkbox" data-select="${esc(c.id)}"${selected ? ' checked' : ''}> Select</label>
    <h3><a href="/app/clips/${esc(c.id)}">${esc(c.title)}</a></h3>
    <p class="facts"><span>Score <b>${pct(c.score)}</b></span> · <span>${length(c.duration)}</span></p>
    <ul class="subs" aria-label="Sub-scores">${subs}</ul>
    ${c.reason ? `<p class="reason">${esc(c.reason)}</p>` : ''}
    <p>${render}${posts}</p>`;
  return card;
}

export class Folders {
  private shown = new Map<string, { el: HTMLElement; head: string; cards: Map<string, { el: HTMLElement; looks: string }> }>();

  constructor(private el: HTMLElement, private selected: Set<string>) {}

  show(jobs: Job[]): void {
    const order: HTMLElement[] = [];
    const next = new Map<string, { el: HTMLElement; head: string; cards: Map<string, { el: HTMLElement; looks: string }> }>();
    for (const job of jobs) {
      let folder = this.shown.get(job.job_id);
      if (!folder) {
        const el = document.createElement('details');
        el.className = 'folder';
        el.open = true;
        el.dataset.jobId = job.job_id;
        el.innerHTML = '<summary></summary><div class="grid"></div>';
        folder = { el, head: '', cards: new Map() };
      }
      const head = `${job.folder_name}|${progressText(job)}|${job.created_at}`;
      if (head !== folder.head) {
        const summary = folder.el.querySelector('summary')!;
        const busy = job.status === 'queued' || job.status === 'processing';
        summary.innerHTML = `<span class="folder-name">${esc(job.folder_name)}</span> <span class="muted">${esc(progressText(job))} · ${new Date(job.created_at).toLocaleString()}</span>${busy ? `<progress max="1" value="${job.progress}" aria-label="Progress of ${esc(job.folder_name)}"></progress>` : ''}`;
        folder.head = head;
      }
      const grid = folder.el.querySelector<HTMLElement>('.grid')!;
      const cards = new Map<string, { el: HTMLElement; looks: string }>();
      for (const clip of job.clips) {
        const had = folder.cards.get(clip.id);
        const now = looks(clip);
        if (had && had.looks === now) cards.set(clip.id, had);
        else {
          const el = clipCard(clip, this.selected.has(clip.id));
          had?.el.replaceWith(el);
          cards.set(clip.id, { el, looks: now });
        }
      }
      const want = job.clips.map((c) => cards.get(c.id)!.el);
      if (want.length !== grid.children.length || want.some((e, i) => e !== grid.children[i])) grid.replaceChildren(...want);
      if (!job.clips.length) grid.textContent = job.status === 'error' ? 'No clips.' : 'Clips appear here as they are found.';
      folder.cards = cards;
      next.set(job.job_id, folder);
      order.push(folder.el);
    }
    if (order.length !== this.el.children.length || order.some((e, i) => e !== this.el.children[i])) this.el.replaceChildren(...order);
    if (!jobs.length) this.el.innerHTML = '<p class="muted">No clip jobs yet: <code>clipper clips create FILE_OR_URL</code> starts one.</p>';
    this.shown = next;
  }
}
