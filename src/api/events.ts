// Event types and their flat snake_case payloads (spec "Events", "Event types").

import type { EventDataByType } from './event-payloads.js';
export type { EventDataByType };

export type EventType = (typeof EVENT_TYPES)[number];

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
] as const;

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
