// The shape of GET /app/dashboard/state (daemon/web/dashboard.ts), as the page reads it.
import type { Post } from '../editor/types.js';

export type { Post };

export interface Clip {
  id: string;
  title: string;
  duration: number;
  score: number;
  score_breakdown?: Record<string, number>;
  scores?: Record<string, number>;
  reason?: string;
  preview_url?: string;
  editor_url: string;
  render: { status: string; progress: number; output_url?: string } | null;
  posts: Post[];
}

export interface Job {
  job_id: string;
  status: string;
  created_at: number;
  folder_name: string;
  progress: number;
  stage?: { name: string; done?: number; total?: number };
  error?: string;
  clips: Clip[];
}

export interface Platform {
  platform: string;
  connector: string;
  account_name: string;
  status: string;
  status_reason?: string;
  fix?: string;
}

export interface DashboardState {
  jobs: Job[];
  platforms: Platform[];
  /** The event seq the state was read at (GET /app/events?after=). */
  events_after: number;
}

export const PLATFORM_NAMES: Record<string, string> = { short_video: 'Short video', photo_sharing: 'Photo sharing', long_video: 'Long video', professional_network: 'Professional network' };
