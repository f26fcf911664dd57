// Response shapes of the endpoints, as the client sees them (spec and DESIGN.md).
import type { Platform } from '../api/events.js';

export interface Ping {
  ok: true;
  team_id: string;
  auth: 'api_key' | 'jwt';
}

export interface ApiKey {
  id: string;
  label: string;
  created_at: number;
  last_used_at: number | null;
}
export interface CreatedApiKey {
  id: string;
  label: string;
  key: string;
  created_at: number;
}

export interface Webhook {
  id: string;
  url: string;
  events: string[];
  legacy_signature: boolean;
  description: string | null;
  created_at: number;
}

export interface PlatformConnection {
  id: string;
  team_id: string;
  platform: Platform;
  connector: string;
  account_name: string;
  settings: Record<string, unknown>;
  status: string;
  created_at: number;
}

/** One delivery of an event to a registration (GET /v1/webhooks/:id/deliveries, extension). */
export interface WebhookDelivery {
  id: string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  status: 'pending' | 'delivering' | 'delivered' | 'failed' | 'cancelled';
  /** Attempts completed so far (the first plus retries; at most 6). */
  attempts: number;
  /** When the next attempt is due; null unless pending. */
  next_attempt_at: number | null;
  last_status_code: number | null;
  last_error: string | null;
  last_attempt_at: number | null;
  delivered_at: number | null;
  created_at: number;
}
