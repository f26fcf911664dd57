import type { ClipperClient } from '../../client/client.js';

// The spec endpoints the watcher drives after an upload. INTERIM: the `clips`, `renders` and
// `posts` client groups are on branches `jobs` and `publish`; once they are on main these
// delegate to them. Only the fields the watcher reads are typed (clients ignore unknown keys).

export interface JobView {
  job_id: string;
  status: 'queued' | 'processing' | 'done' | 'error';
  clips: Array<{ id: string }>;
  error?: string;
  progress?: number;
}

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

export interface JobInput {
  source: { upload_id: string };
  criteria?: string;
  target_duration?: number;
  language?: string;
}

const enc = encodeURIComponent;

export function serviceCalls(client: ClipperClient) {
  const http = client.http;
  return {
    /** Spec "POST /v1/clips": a new job on every call, so never retried (rule 3). */
    createJob: (input: JobInput) => http.call<{ job_id: string }>('POST', '/v1/clips', { body: input, idempotent: false }),
    getJob: (jobId: string) => http.call<JobView>('GET', `/v1/clips/${enc(jobId)}`),
    /** Spec rule 4: re-triggering a render replaces its output, so a retry is harmless. */
    startRender: (clipId: string) => http.call<{ render_id: string }>('POST', `/v1/clips/${enc(clipId)}/renders`),
    getRender: (renderId: string) => http.call<RenderView>('GET', `/v1/renders/${enc(renderId)}`),
    listPosts: (clipId: string) => http.call<{ posts: PostView[] }>('GET', `/v1/clips/${enc(clipId)}/posts`),
    publishPost: (postId: string) => http.call<{ post: PostView }>('POST', `/v1/posts/${enc(postId)}/publish`, { body: {}, idempotent: false }),
    getPost: (postId: string) => http.call<{ post: PostView }>('GET', `/v1/posts/${enc(postId)}`),
  };
}

export type ServiceCalls = ReturnType<typeof serviceCalls>;
