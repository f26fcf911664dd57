// The clip's drafts per platform (issue 16, item 3): edit within the platform's limits, publish
// now or at a time, cancel. Each action is one /v1 call; the panel is drawn again from the result.
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
