// The clip's drafts per platform (issue 16, item 3): edit within the platform's limits, publish
// now or at a time, cancel. Each action is one /v1 call. PostCards keeps one card per post and
// draws a card again only when its post changed and the person has not typed in it (issue 29:
// typed text is never lost while live state arrives).
import type { Api } from './api.js';
import type { EditorState, Post } from './types.js';

const NAMES: Record<string, string> = { short_video: 'Short video', photo_sharing: 'Photo sharing', long_video: 'Long video', professional_network: 'Professional network' };
const CANCELLABLE = ['draft', 'scheduled', 'queued'];

const chars = (s: string) => [...s].length;

export function postCard(post: Post, limits: EditorState['limits'], api: Api, done: (message: string) => void, fail: (e: unknown) => void): HTMLElement {
  const card = document.createElement('section');
  card.className = 'post';
  const name = NAMES[post.platform] ?? post.platform;
  card.setAttribute('aria-label', `${name} post`);
  const limit = limits.caption[post.platform];
  const head = document.createElement('h3');
  head.textContent = `${name} · ${post.status}${post.scheduled_at ? ` for ${new Date(post.scheduled_at).toLocaleString()}` : ''}`;
  card.append(head);
  if (post.published_url) {
    const a = document.createElement('a');
    a.href = post.published_url;
    a.textContent = 'Published post';
    a.target = '_blank';
    a.rel = 'noopener';
    card.append(a);
  }
  if (post.error) card.append(Object.assign(document.createElement('p'), { className: 'error', textContent: post.error }));
  const editable = post.status === 'draft';
  let title: HTMLInputElement | undefined;
  if (post.platform === 'long_video') {
    title = Object.assign(document.createElement('input'), { value: post.title ?? '', maxLength: 100, disabled: !editable });
    title.setAttribute('aria-label', `${name} title`);
    card.append(title);
  }
  const caption = Object.assign(document.createElement('textarea'), { value: post.caption, disabled: !editable, rows: 4 });
  caption.setAttribute('aria-label', `${name} caption`);
  const count = Object.assign(document.createElement('p'), { className: 'muted count' });
  const recount = () => {
    const n = chars(caption.value);
    count.textContent = `${n} / ${limit} characters`;
    count.classList.toggle('error', n > limit);
  };
  caption.addEventListener('input', recount);
  recount();
  card.append(caption, count);
  const row = document.createElement('div');
  row.className = 'row';
  const button = (label: string, run: () => Promise<unknown>, message: string) => {
    const b = Object.assign(document.createElement('button'), { type: 'button', textContent: label });
    const click = async () => {
      b.disabled = true;
      try {
        await run();
        done(message);
      } catch (e) {
        fail(e);
      } finally {
        b.disabled = false;
      }
    };
    b.addEventListener('click', () => void click());
    row.append(b);
    return b;
  };
  if (editable) {
    button('Save draft', () => api.editPost(post.id, { caption: caption.value, ...(title ? { title: title.value } : {}) }), `${name} draft saved`);
    button('Publish now', () => api.publish(post.id), `${name}: publishing`);
    const when = Object.assign(document.createElement('input'), { type: 'datetime-local' });
    when.setAttribute('aria-label', `${name}: publish at`);
    row.append(when);
    button('Schedule', () => {
      const at = new Date(when.value).getTime();
      if (!Number.isFinite(at)) return Promise.reject(new Error('Pick a date and time to schedule at'));
      return api.publish(post.id, at);
    }, `${name}: scheduled`);
  }
  if (CANCELLABLE.includes(post.status)) button('Cancel', () => api.cancel(post.id), `${name}: cancelled`);
  card.append(row);
  return card;
}

type Card = { post: Post; el: HTMLElement };

/** A card whose fields hold something other than its post's text, or that has the focus. */
function edited({ post, el }: Card): boolean {
  const caption = el.querySelector('textarea');
  const title = el.querySelector('input:not([type])') as HTMLInputElement | null;
  const typing = el.contains(document.activeElement) && document.activeElement?.matches('input, textarea');
  return Boolean(typing) || (caption !== null && caption.value !== post.caption) || (title !== null && title.value !== (post.title ?? ''));
}

export class PostCards {
  private cards = new Map<string, Card>();

  constructor(private el: HTMLElement, private make: (post: Post) => HTMLElement) {}

  show(posts: Post[]): void {
    const next = new Map<string, Card>();
    for (const post of posts) {
      const card = this.cards.get(post.id);
      const same = card && JSON.stringify(card.post) === JSON.stringify(post);
      const keep = card && (same || (card.post.status === post.status && edited(card)));
      if (card && keep) next.set(post.id, same ? card : { post: card.post, el: card.el });
      else {
        const el = this.make(post);
        if (card) card.el.replaceWith(el);
        next.set(post.id, { post, el });
      }
    }
    const order = posts.map((p) => next.get(p.id)!.el);
    const now = [...this.el.children];
    if (order.length !== now.length || order.some((e, i) => e !== now[i])) this.el.replaceChildren(...order);
    if (!posts.length) this.el.textContent = 'No drafts: connect a platform (clipper platforms connect) to get one.';
    this.cards = next;
  }
}
