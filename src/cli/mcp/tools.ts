// The tools of `clipper mcp` (issue 18, item 3). Inputs are the API's own zod fields (src/api),
// so the agent sees the same limits the daemon enforces; results keep to ids, states, titles,
// scores and links, small enough for a model's context (no transcripts, no score breakdowns).
import { z } from 'zod';
import { readCookiesFile } from '../clips/cookies.js';
import { createClipJobSchema, jobListQuerySchema, type ClipJobView, type ClipView } from '../../api/clips.js';
import { publishPostSchema, updatePostSchema, type Post } from '../../api/posts.js';
import { createRenderSchema, type Render } from '../../api/renders.js';
import type { ClipperClient } from '../../client/client.js';
import { uploadFile } from '../../client/uploader.js';
import { checkClipSource } from '../clip-source.js';

export interface McpTool<S extends z.ZodRawShape = z.ZodRawShape> {
  name: string;
  title: string;
  description: string;
  input: S;
  run: (client: ClipperClient, args: z.infer<z.ZodObject<S>>) => Promise<object>;
}

const tool = <S extends z.ZodRawShape>(t: McpTool<S>) => t as unknown as McpTool;
const id = (what: string) => z.string().min(1).describe(what);
const job = createClipJobSchema.shape;

const clipSummary = (c: ClipView) => ({ id: c.id, title: c.title, score: c.score, duration: c.duration, start: c.start, end: c.end, preview_url: c.preview_url ?? null });
const jobSummary = (j: ClipJobView) => ({
  job_id: j.job_id,
  status: j.status,
  progress: j.progress,
  ...(j.stage ? { stage: j.stage.name } : {}),
  ...(j.error ? { error: j.error } : {}),
  ...(j.warnings?.length ? { warnings: j.warnings.map((w) => w.message) } : {}),
  clip_count: j.clips.length,
  previews_ready: j.clips.filter((c) => c.preview_url).length,
});
const postSummary = (p: Post) => ({
  id: p.id,
  clip_id: p.clip_id,
  platform: p.platform,
  status: p.status,
  ...(p.title !== undefined ? { title: p.title } : {}),
  caption: p.caption,
  ...(p.scheduled_at ? { scheduled_at: p.scheduled_at } : {}),
  ...(p.published_url ? { published_url: p.published_url } : {}),
  ...(p.error ? { error: p.error } : {}),
});
const renderSummary = (r: Render) => ({
  render_id: r.render_id, status: r.status, progress: r.progress,
  ...(r.aspect ? { aspect: r.aspect } : {}), ...(r.duration !== undefined ? { duration: r.duration } : {}),
  ...(r.output_url ? { output_url: r.output_url } : {}), ...(r.error ? { error: r.error } : {}),
});

export const MCP_TOOLS: McpTool[] = [
  tool({
    name: 'create_clips',
    title: 'Make clips of a video',
    description: 'Starts a clip job on a local video file (uploaded first) or an http(s) URL. Returns the job_id; follow it with get_job.',
    input: {
      source: z.string().min(1).describe('A local video file path, or an http(s) URL of a video file or a video-platform page'),
      criteria: job.criteria.describe('What to look for, in plain words (default: general highlights)'),
      target_duration: job.target_duration.describe('Target clip length in seconds (5 to 600)'),
      language: job.language.describe('ISO 639-1 code of the spoken language (default: the team\'s)'),
      clip_count: job.clip_count.describe('How many clips, 1 to 30 (default: by the video\'s length, at least 3 for a video over a minute with speech)'),
      cookies_file: z.string().min(1).optional().describe('Path of a cookies file (Netscape format) of a signed-in browser session, for a video-platform link that needs one (age check, members only, bot check); its text is sent as source.cookies, used once by yt-dlp, then deleted'),
    },
    async run(client, { source, cookies_file, ...rest }) {
      const checked = await checkClipSource(source, rest);
      const cookies = cookies_file === undefined ? undefined : await readCookiesFile(cookies_file, 'url' in checked);
      const src = 'url' in checked ? { url: checked.url, ...(cookies !== undefined ? { cookies } : {}) } : { upload_id: (await uploadFile(client, checked.path)).upload_id };
      return client.clips.create({ ...rest, source: src });
    },
  }),
  tool({
    name: 'get_job',
    title: 'Check a clip job',
    description: 'The state of a clip job: status (queued, processing, done, error), progress 0..1, its step, and how many clips and previews it has. At most 6 checks a minute of one job.',
    input: { job_id: id('The job_id from create_clips') },
    run: async (client, { job_id }) => jobSummary(await client.clips.get(job_id)),
  }),
  tool({
    name: 'list_clips',
    title: 'List clips',
    description: 'With job_id: that job\'s clips, best first (id, title, score 0..1, duration, start/end in the source, preview_url). Without: the team\'s recent jobs.',
    input: { job_id: id('A job_id').optional(), status: jobListQuerySchema.shape.status, limit: jobListQuerySchema.shape.limit },
    async run(client, { job_id, status, limit }) {
      if (job_id) return { job_id, clips: (await client.clips.get(job_id)).clips.map(clipSummary) };
      const { jobs, next_cursor } = await client.clips.list({ status, limit });
      return { jobs, next_cursor };
    },
  }),
  tool({
    name: 'render_clip',
    title: 'Render a clip in full quality',
    description: 'Starts a full-quality render of a clip with burned-in captions (uses render minutes): 1080x1920 by default, or aspect 1:1, 4:5 or 16:9; remove_fillers and remove_silences cut filler words and long pauses; caption_speakers colours each speaker\'s captions and marks speaker changes. Follow it with get_render.',
    input: { clip_id: id('A clip id from list_clips'), ...createRenderSchema.shape },
    run: async (client, { clip_id, ...look }) => client.renders.create(clip_id, look),
  }),
  tool({
    name: 'get_render',
    title: 'Check a render',
    description: 'The state of a render (queued, processing, done, failed) and, once done, its one-hour output_url.',
    input: { render_id: id('The render_id (equals the clip id)') },
    run: async (client, { render_id }) => renderSummary(await client.renders.get(render_id)),
  }),
  tool({
    name: 'list_drafts',
    title: 'List a clip\'s posts',
    description: 'The posts of a clip, one per connected platform: drafts to edit and publish, and scheduled, published or failed ones.',
    input: { clip_id: id('A clip id from list_clips') },
    run: async (client, { clip_id }) => ({ posts: (await client.posts.list(clip_id)).posts.map(postSummary) }),
  }),
  tool({
    name: 'edit_draft',
    title: 'Edit a draft post',
    description: 'Changes a draft\'s caption, title (long-video platform only, at most 100 characters), platform settings, or how its video is made (layout, caption_style, aspect, remove_fillers, remove_silences, caption_speakers). Only drafts can be edited.',
    input: { post_id: id('A post id from list_drafts'), ...updatePostSchema.shape },
    run: async (client, { post_id, ...changes }) => postSummary((await client.posts.update(post_id, changes)).post),
  }),
  tool({
    name: 'publish_post',
    title: 'Publish or schedule a draft',
    description: 'Publishes a draft now, or schedules it with scheduled_at (Unix milliseconds, at least 5 minutes ahead). The post renders afresh, then goes to its platform.',
    input: { post_id: id('A post id from list_drafts'), scheduled_at: publishPostSchema.shape.scheduled_at.describe('Unix milliseconds, at least 5 minutes in the future; omit to publish now') },
    run: async (client, { post_id, scheduled_at }) => postSummary((await client.posts.publish(post_id, scheduled_at == null ? {} : { scheduled_at })).post),
  }),
];
