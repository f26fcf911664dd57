// Calls of the editor page (issue 16, item 3: "Everything goes through the /v1 API with the
// signed-in session"): same-origin fetches that carry the session cookie, and the session's CSRF
// token on every change (daemon/web/session.ts checks it).
import type { EditorState } from './types.js';
import type { ClipCuts, RenderOptions } from './cuts-types.js';

export class ApiError extends Error {
  constructor(readonly status: number, message: string, readonly code?: string) {
    super(message);
  }
}

/** One same-origin call of a page: the session cookie, and the CSRF token on every change. */
export async function apiCall<T>(csrf: string, method: string, path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  if (method !== 'GET') headers['x-csrf-token'] = csrf;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), credentials: 'same-origin' });
  const text = await res.text();
  const json = text ? JSON.parse(text) : undefined;
  if (res.status === 401) {
    location.href = `/app/login?next=${encodeURIComponent(location.pathname)}`;
    throw new ApiError(401, 'Your session has ended: sign in again.');
  }
  if (!res.ok) throw new ApiError(res.status, json?.error?.message ?? `${method} ${path} failed (${res.status})`, json?.error?.code);
  return json as T;
}

export class Api {
  constructor(private clipId: string, private csrf: string) {}

  private call<T>(method: string, path: string, body?: unknown): Promise<T> {
    return apiCall<T>(this.csrf, method, path, body);
  }

  state = () => this.call<EditorState>('GET', `/app/clips/${this.clipId}/state`);
  waveform = () => this.call<{ start: number; end: number; peaks: number[] }>('GET', `/app/clips/${this.clipId}/waveform`);
  patchClip = (body: { start?: number; end?: number; title?: string }) => this.call<{ clip: EditorState['clip'] }>('PATCH', `/v1/clips/${this.clipId}`, body);
  putTranscript = (words: EditorState['words']) => this.call<{ words: EditorState['words'] }>('PUT', `/v1/clips/${this.clipId}/transcript`, { words });
  render = (caption_style: string, options: Partial<RenderOptions> = {}) => this.call('POST', `/v1/clips/${this.clipId}/renders`, { caption_style, ...options });
  cuts = (fillers: boolean, silences: boolean) => this.call<ClipCuts>('GET', `/v1/clips/${this.clipId}/cuts?remove_fillers=${fillers}&remove_silences=${silences}`);
  editPost = (id: string, body: { caption?: string; title?: string }) => this.call('PUT', `/v1/posts/${id}`, body);
  publish = (id: string, scheduled_at?: number) => this.call('POST', `/v1/posts/${id}/publish`, scheduled_at === undefined ? {} : { scheduled_at });
  cancel = (id: string) => this.call('POST', `/v1/posts/${id}/cancel`);
  logout = () => this.call('POST', '/app/logout');
}
