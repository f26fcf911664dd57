import type { ClipJobView, CreateClipJobInput } from '../../api/clips.js';
import type { ClipperClient } from '../../client/client.js';

// The spec endpoints the watcher drives after an upload: clip jobs through the client's
// `clips` group; renders and posts INTERIM through raw calls until the `renders` and `posts`
// groups (branch `publish`) are on main. Only the fields the watcher reads are typed.

export type JobView = ClipJobView;

export interface RenderView {
  render_id: string;
  status: string;
  output_url?: string;
  error?: string;
  progress?: number;
}

export interface PostView {
  id: string;
  clip_id: string;
  platform: string;
  status: string;
  published_url?: string;
  error?: string;
}


const enc = encodeURIComponent;

export function serviceCalls(client: ClipperClient) {
  const http = client.http;
  return {
    /** Spec "POST /v1/clips": a new job on every call, so never retried (rule 3). */
    createJob: (input: CreateClipJobInput) => client.clips.create(input),
    getJob: (jobId: string) => client.clips.get(jobId),
    /** Spec rule 4: re-triggering a render replaces its output, so a retry is harmless. */
    startRender: (clipId: string) => http.call<{ render_id: string }>('POST', `/v1/clips/${enc(clipId)}/renders`),
    getRender: (renderId: string) => http.call<RenderView>('GET', `/v1/renders/${enc(renderId)}`),
    listPosts: (clipId: string) => http.call<{ posts: PostView[] }>('GET', `/v1/clips/${enc(clipId)}/posts`),
    publishPost: (postId: string) => http.call<{ post: PostView }>('POST', `/v1/posts/${enc(postId)}/publish`, { body: {}, idempotent: false }),
    getPost: (postId: string) => http.call<{ post: PostView }>('GET', `/v1/posts/${enc(postId)}`),
  };
}

export type ServiceCalls = ReturnType<typeof serviceCalls>;
