// Issue 18, item 2: the SDK reaches "every endpoint": each operation of the OpenAPI document has
// a method on Clipper that sends that method and path (caught by a fetch that answers `{}`).
import { describe, expect, it } from 'vitest';
import { Clipper } from '../../src/index.js';
import { OPERATIONS } from '../../src/api/openapi/operations.js';

const sent: string[] = [];
const f = (async (url: URL, init: RequestInit) => {
  sent.push(`${init.method} ${new URL(url).pathname}`);
  return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
}) as unknown as typeof fetch;
const c = new Clipper({ baseUrl: 'http://sdk.test', apiKey: 'k-team_x', fetch: f });

/** One call of each SDK method, with the ids filled in as the operation's path parameters. */
const CALLS: Record<string, () => Promise<unknown>> = {
  ping: () => c.ping(),
  getTeam: () => c.team(),
  createSessionLink: () => c.auth.sessionLink('clipId'),
  createClipJob: () => c.clips.create({ source: { url: 'https://x.test/a.mp4' } }),
  listClipJobs: () => c.clips.list(),
  getClipJob: () => c.clips.get('id'),
  updateClip: () => c.clips.update('id', { title: 'x' }),
  getClipTranscript: () => c.clips.transcript('clipId'),
  putClipTranscript: () => c.clips.putTranscript('clipId', { words: [] }),
  getClipCuts: () => c.clips.cuts('clipId'),
  getSpeechEngine: () => c.transcription(),
  createRender: () => c.renders.create('clipId'),
  listRenders: () => c.renders.list(),
  getRender: () => c.renders.get('renderId'),
  listClipPosts: () => c.posts.list('clipId'),
  createPost: () => c.posts.create('clipId', { platform: 'short_video' }),
  getPost: () => c.posts.get('postId'),
  updatePost: () => c.posts.update('postId', { caption: 'x' }),
  publishPost: () => c.posts.publish('postId'),
  cancelPost: () => c.posts.cancel('postId'),
  createUpload: () => c.uploads.create({ content_type: 'video/mp4' }),
  resignUploadParts: () => c.uploads.resign('id', [1]),
  completeUpload: () => c.uploads.complete('id', [{ part_number: 1, etag: 'e' }]),
  cancelUpload: () => c.uploads.cancel('id'),
  getUpload: () => c.uploads.get('id'),
  createKey: () => c.keys.create({ label: 'x' }),
  listKeys: () => c.keys.list(),
  revokeKey: () => c.keys.revoke('id'),
  createWebhook: () => c.webhooks.create({ url: 'https://x.test', events: ['*'] }),
  listWebhooks: () => c.webhooks.list(),
  getWebhook: () => c.webhooks.get('id'),
  deleteWebhook: () => c.webhooks.delete('id'),
  listWebhookDeliveries: () => c.webhooks.deliveries('id'),
  resendWebhookDelivery: () => c.webhooks.resend('id', 'deliveryId'),
  triggerWebhookEvent: () => c.webhooks.trigger('post.published'),
  authorizePlatform: () => c.platforms.authorize({ platform: 'short_video', connector: 'tiktok', redirect_uri: 'http://127.0.0.1:1/cb' }),
  connectPlatform: () => c.platforms.connect({ platform: 'short_video' }),
  listPlatforms: () => c.platforms.list(),
  disconnectPlatform: () => c.platforms.disconnect('platform'),
  getOpenApi: () => c.openApi(),
};

describe('the SDK', () => {
  it.each(OPERATIONS.map((o) => [o.operationId, o] as const))('has a method for %s', async (id, o) => {
    expect(CALLS[id], `no SDK call listed for ${id}`).toBeDefined();
    sent.length = 0;
    await CALLS[id]();
    expect(sent).toEqual([`${o.method} ${o.path.replace(/:(\w+)/g, '$1')}`]);
  });
});
