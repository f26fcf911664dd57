// Event types and their flat snake_case payloads (spec "Events", "Event types").

export interface EventDataByType {
  'asset.creation.succeeded': { asset_id: string; team_id: string; duration_seconds: number; job_id: string };
  'asset.creation.failed': { asset_id: string; team_id: string; error: string; job_id: string };
  'asset.analysis.started': { asset_id: string; team_id: string; job_id: string };
  'asset.analysis.progress': { asset_id: string; team_id: string; progress: number; job_id: string };
  'asset.analysis.succeeded': { asset_id: string; team_id: string; job_id: string };
  'asset.analysis.failed': { asset_id: string; team_id: string; error: string; job_id: string };
  'project.render.started': { project_id: string; team_id: string };
  'project.render.progress': { project_id: string; team_id: string; progress: number };
  'project.render.succeeded': { project_id: string; team_id: string };
  'project.render.failed': { project_id: string; team_id: string; error: string };
  'post.draft.created': { post_id: string; clip_id: string; platform: Platform; team_id: string };
  'post.scheduled': { post_id: string; clip_id: string; platform: Platform; team_id: string; scheduled_at: number };
  'post.published': { post_id: string; clip_id: string; platform: Platform; team_id: string; published_url: string };
  'post.failed': { post_id: string; clip_id: string; platform: Platform; team_id: string; error: string };
}

export type EventType = keyof EventDataByType;

export const EVENT_TYPES = [
  'asset.creation.succeeded',
  'asset.creation.failed',
  'asset.analysis.started',
  'asset.analysis.progress',
  'asset.analysis.succeeded',
  'asset.analysis.failed',
  'project.render.started',
  'project.render.progress',
  'project.render.succeeded',
  'project.render.failed',
  'post.draft.created',
  'post.scheduled',
  'post.published',
  'post.failed',
] as const satisfies readonly EventType[];

export function isEventType(value: unknown): value is EventType {
  return typeof value === 'string' && (EVENT_TYPES as readonly string[]).includes(value);
}

/** The delivery envelope (spec "Envelope"). */
export interface EventEnvelope<T extends EventType = EventType> {
  id: string;
  type: T;
  created: number;
  data: EventDataByType[T];
}

export const PLATFORMS = ['long_video', 'short_video', 'photo_sharing', 'professional_network'] as const;
export type Platform = (typeof PLATFORMS)[number];
