import { randomToken } from '../../../src/api/ids.js';
import type { EventDataByType, EventType } from '../../../src/api/events.js';

/**
 * Plausible data for `clipper webhooks trigger TYPE` (POST /v1/webhooks/trigger): exactly the
 * fields of the spec's table for that type, flat snake_case, with the caller's real team_id
 * (so the team's registrations receive it). Every other id contains `_test_`, so a receiver can
 * tell a sample from a real event without the payload changing shape.
 */
export function sampleEventData<T extends EventType>(type: T, teamId: string, now: number): EventDataByType[T] {
  const id = (prefix: string) => `${prefix}_test_${randomToken(16)}`;
  const asset = { asset_id: id('asset'), team_id: teamId, job_id: id('job') };
  const project = { project_id: id('rnd'), team_id: teamId };
  const post = { post_id: id('post'), clip_id: id('clip'), platform: 'short_video' as const, team_id: teamId };
  const samples: { [K in EventType]: EventDataByType[K] } = {
    'asset.creation.succeeded': { ...asset, duration_seconds: 1834.2 },
    'asset.creation.failed': { ...asset, error: 'Sample failure: the source could not be transcoded' },
    'asset.analysis.started': asset,
    'asset.analysis.progress': { ...asset, progress: 0.42 },
    'asset.analysis.succeeded': asset,
    'asset.analysis.failed': { ...asset, error: 'Sample failure: transcription failed' },
    'project.render.started': project,
    'project.render.progress': { ...project, progress: 0.5 },
    'project.render.succeeded': project,
    'project.render.failed': { ...project, error: 'Sample failure: the encoder stopped' },
    'post.draft.created': post,
    'post.scheduled': { ...post, scheduled_at: now + 3_600_000 },
    'post.published': { ...post, published_url: `https://example.com/p/${post.post_id}` },
    'post.failed': { ...post, error: 'Sample failure: the platform refused the upload' },
  };
  return samples[type];
}
