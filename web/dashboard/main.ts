// The dashboard at /app (issue 29, item 3): the team's jobs as folders with live progress and
// their clips, a selection of clips to render, publish or schedule, the calendar of scheduled
// posts, and the connected platforms. It reads GET /app/dashboard/state, follows the team's
// events (GET /app/events; a poll when the stream is not there: editor/live.ts) and changes
// everything through /v1 with the session.
import { ApiError, apiCall } from '../editor/api.js';
import { Live, type LiveEvent } from '../editor/live.js';
import { Calendar } from './calendar.js';
import { Folders } from './jobs.js';
import { platformList } from './platforms.js';
import { DASHBOARD_CSS } from './styles.js';
import type { DashboardState, Post } from './types.js';

const root = document.getElementById('dashboard')!;
const csrf = root.dataset.csrf ?? '';
const call = <T>(method: string, path: string, body?: unknown) => apiCall<T>(csrf, method, path, body);
document.head.append(Object.assign(document.createElement('style'), { textContent: DASHBOARD_CSS }));

root.innerHTML = `
<div class="topbar"><h1>Your clip jobs</h1><button type="button" id="logout">Sign out</button></div>
<p class="status" id="status" role="status" aria-live="polite"></p>
<div class="selection" id="selection" role="region" aria-label="Selected clips">
  <span id="picked">No clips selected.</span>
  <button type="button" id="render" disabled>Render</button>
  <button type="button" id="publish" disabled>Publish now</button>
  <label>at <input type="datetime-local" id="when"></label>
  <button type="button" id="schedule" disabled>Schedule</button>
</div>
<div class="dash">
  <section aria-labelledby="jobs-h"><h2 id="jobs-h">Jobs</h2><div id="folders"></div></section>
  <aside>
    <section aria-labelledby="cal-h"><h2 id="cal-h">Scheduled posts</h2><div class="calendar" id="calendar"></div></section>
    <section aria-labelledby="plat-h"><h2 id="plat-h">Connected platforms</h2><div id="platforms"></div></section>
  </aside>
</div>`;
const $ = <T extends HTMLElement>(id: string) => root.querySelector<T>(`#${id}`)!;

let state: DashboardState = { jobs: [], platforms: [], events_after: 0 };
const selected = new Set<string>();
const folders = new Folders($('folders'), selected);
const calendar = new Calendar($('calendar'), (post, at) => void act(() => reschedule(post, at), 'Moved.'), (post) => void act(() => call('POST', `/v1/posts/${post.id}/cancel`), 'Cancelled.'));

function say(message: string, error = false): void {
  $('status').textContent = message;
  $('status').classList.toggle('error', error);
}

/** Runs one change through /v1, says how it went, and reads the state again at once. */
async function act(work: () => Promise<unknown>, done: string): Promise<void> {
  try {
    await work();
    say(done);
  } catch (e) {
    say(e instanceof ApiError || e instanceof Error ? e.message : String(e), true);
  }
  await live.now();
}

/**
 * A scheduled post moved to `at`. A scheduled post cannot be edited (spec "Post": only drafts), so
 * it is cancelled and a fresh draft of the same platform (POST /v1/clips/:clipId/posts) takes its
 * caption and title and is scheduled at the new time.
 */
async function reschedule(post: Post & { clip_id?: string }, at: number): Promise<void> {
  const clipId = post.clip_id ?? state.jobs.flatMap((j) => j.clips).find((c) => c.posts.some((p) => p.id === post.id))!.id;
  await call('POST', `/v1/posts/${post.id}/cancel`);
  const { post: fresh } = await call<{ post: Post }>('POST', `/v1/clips/${clipId}/posts`, { platform: post.platform });
  await call('PUT', `/v1/posts/${fresh.id}`, { caption: post.caption, ...(post.title !== undefined ? { title: post.title } : {}) });
  await call('POST', `/v1/posts/${fresh.id}/publish`, { scheduled_at: at });
}

function picked() {
  return state.jobs.flatMap((j) => j.clips).filter((c) => selected.has(c.id));
}

function drawSelection(): void {
  const n = picked().length;
  $('picked').textContent = n ? `${n} clip${n > 1 ? 's' : ''} selected:` : 'No clips selected.';
  for (const id of ['render', 'publish', 'schedule']) $<HTMLButtonElement>(id).disabled = !n;
}

/** Each selected clip's drafts on connected platforms, published now or at the chosen time. */
async function publishPicked(at?: number): Promise<void> {
  const active = new Set(state.platforms.filter((p) => p.status === 'active').map((p) => p.platform));
  const drafts = picked().flatMap((c) => c.posts.filter((p) => p.status === 'draft' && active.has(p.platform)));
  if (!drafts.length) throw new Error('The selected clips have no drafts on a connected platform to publish.');
  const failed: string[] = [];
  for (const p of drafts) {
    await call('POST', `/v1/posts/${p.id}/publish`, at === undefined ? {} : { scheduled_at: at }).catch((e: unknown) => failed.push(e instanceof Error ? e.message : String(e)));
  }
  if (failed.length) throw new Error(`${drafts.length - failed.length} of ${drafts.length} posts went out; ${failed.join('; ')}`);
}

async function load(): Promise<number> {
  state = await call<DashboardState>('GET', '/app/dashboard/state');
  const known = new Set(state.jobs.flatMap((j) => j.clips.map((c) => c.id)));
  for (const id of selected) if (!known.has(id)) selected.delete(id);
  folders.show(state.jobs);
  calendar.show(state.jobs.flatMap((j) => j.clips.flatMap((c) => c.posts.filter((p) => p.status === 'scheduled' && p.scheduled_at).map((post) => ({ post, clipTitle: c.title })))));
  $('platforms').replaceChildren(platformList(state.platforms));
  drawSelection();
  return state.events_after;
}

const busy = () => state.jobs.some((j) => ['queued', 'processing'].includes(j.status) || j.clips.some((c) => !c.preview_url || (c.render && !['done', 'failed'].includes(c.render.status)) || c.posts.some((p) => ['queued', 'processing', 'uploading'].includes(p.status))));
/**
 * One event of the team's stream: a render's progress is drawn as it comes; anything else (a
 * job's progress with the previews it brings, a render's end, a post's status) reads the state.
 */
function onEvent(e: LiveEvent): boolean {
  const clip = state.jobs.flatMap((j) => j.clips).find((c) => c.id === e.data.project_id);
  if (e.type === 'project.render.progress' && clip?.render && typeof e.data.progress === 'number') {
    clip.render = { ...clip.render, status: 'processing', progress: Math.max(clip.render.progress, e.data.progress) };
    folders.show(state.jobs);
    return false;
  }
  return true;
}
const unannounced = () => state.jobs.some((j) => j.status === 'done' && j.clips.some((c) => !c.preview_url));
const live = new Live({ read: load, busy, unannounced, onEvent, fail: (e) => say(e instanceof Error ? e.message : String(e), true) });

$('folders').addEventListener('change', (e) => {
  const box = e.target as HTMLInputElement;
  if (!box.dataset.select) return;
  if (box.checked) selected.add(box.dataset.select);
  else selected.delete(box.dataset.select);
  drawSelection();
});
$('render').addEventListener('click', () => void act(async () => {
  for (const c of picked()) await call('POST', `/v1/clips/${c.id}/renders`, {});
}, 'Rendering the selected clips.'));
$('publish').addEventListener('click', () => void act(() => publishPicked(), 'Publishing the selected clips.'));
$('schedule').addEventListener('click', () => void act(async () => {
  const at = new Date($<HTMLInputElement>('when').value).getTime();
  if (!Number.isFinite(at)) throw new Error('Pick a date and time to schedule at.');
  await publishPicked(at);
}, 'Scheduled the selected clips.'));
$('logout').addEventListener('click', () => void call('POST', '/app/logout').catch(() => undefined).then(() => (location.href = '/app/login?signed_out=1')));

void live.now();
