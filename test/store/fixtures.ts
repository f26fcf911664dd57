import type { ManualClock } from '../../daemon/clock.js';
import type { Store } from '../../daemon/store/index.js';
import type { ClipJobRow, ClipToStore, PostRow, Team, UploadRecord } from '../../daemon/store/records.js';
import { newId } from '../../src/api/ids.js';

// Shared set-up of the store contract: the harness an implementation hands over, and builders
// of the rows the repositories need (a clip needs a job, a post needs a clip, ...). Everything
// goes through the Store interface, so the same fixtures serve every implementation.

/** A fresh, empty, migrated store; its clock is the one EventLog.emit stamps events with. */
export interface StoreHarness {
  store: Store;
  clock: ManualClock;
  cleanup(): void | Promise<void>;
}

export type MakeStore = () => Promise<StoreHarness>;

/** The harness of the running case; set by storeContract's beforeEach. */
export type Current = () => StoreHarness;

/** 2024-01-15 12:00 UTC: far from a month boundary unless a case moves it. */
export const T0 = Date.UTC(2024, 0, 15, 12);

export const makeTeam = async (s: Store, now: number, name = 'team'): Promise<Team> => await s.teams.create(name, now);

export async function makeJob(s: Store, teamId: string, now: number, over: Partial<Parameters<Store['clipJobs']['insert']>[0]> = {}): Promise<ClipJobRow> {
  return await s.clipJobs.insert(
    {
      team_id: teamId,
      source_type: 'url',
      source_url: 'https://example.com/talk.mp4',
      upload_id: null,
      criteria: null,
      target_duration: null,
      language: 'en',
      folder_name: 'talk',
      media_key: null,
      ...over,
    },
    now,
  );
}

/** A clip to store: `score` and `start` decide its rank after rankByScore. */
export function clipSpec(start: number, score: number, title = `clip at ${start}`): ClipToStore {
  return {
    start,
    end: start + 30,
    title,
    score,
    score_breakdown: { relevance: score, hook: 0.5, energy: 0.5, completeness: 1 },
    reason: 'a reason',
    transcript: `words from ${start}`,
    words: [{ text: 'hello', start, end: start + 0.5 }],
  };
}

/** A team with one job and one clip: what renders, render minutes and posts hang off. */
export async function makeClip(s: Store, now: number, given?: Team) {
  const team = given ?? (await makeTeam(s, now));
  const job = await makeJob(s, team.id, now);
  const [clipId] = await s.clipJobs.insertClips(job, [clipSpec(0, 0.9)], now);
  return { team, job, clipId };
}

export function uploadRecord(teamId: string, now: number, over: Partial<UploadRecord> = {}): UploadRecord {
  const id = newId('upl');
  return {
    id,
    team_id: teamId,
    kind: 'single',
    status: 'pending',
    content_type: 'video/mp4',
    file_name: 'talk.mp4',
    size_bytes: null,
    part_size: null,
    part_count: null,
    object_key: `uploads/${teamId}/${id}`,
    multipart_id: null,
    etag: null,
    expires_at: now + 3_600_000,
    stale_at: now + 3_600_000,
    job_id: null,
    created_at: now,
    updated_at: now,
    completed_at: null,
    ...over,
  };
}

export function postRow(teamId: string, clipId: string, now: number, over: Partial<PostRow> = {}): PostRow {
  return {
    id: newId('post'),
    team_id: teamId,
    clip_id: clipId,
    platform: 'short_video',
    status: 'draft',
    caption: 'a caption',
    title: null,
    settings: null,
    scheduled_at: null,
    published_at: null,
    published_url: null,
    error: null,
    created_at: now,
    updated_at: now,
    layout: null,
    caption_style: null,
    aspect: null,
    remove_fillers: null,
    remove_silences: null,
    keep_spans: null,
    caption_speakers: null,
    ...over,
  } as PostRow;
}
