import { describe, expect, it } from 'vitest';
import { makeClip, makeTeam, postRow, T0, type Current } from './fixtures.js';

// Contract cases of publishing: full renders (guarded by generation), the render-minute ledger
// (UTC calendar months) and posts with their publish attempts.

export function publishingContract(h: Current) {
  describe('renders', () => {
    it('queues generation 1, then moves it only from the expected status', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      expect(await store.renders.get(clipId)).toBeUndefined();
      const r = await store.renders.queue(clipId, team.id, T0);
      expect(r).toEqual({ clip_id: clipId, team_id: team.id, status: 'queued', generation: 1, progress: 0, output_key: null, error: null, created_at: T0, updated_at: T0, layout: null, caption_style: null, aspect: null, remove_fillers: null, remove_silences: null, keep_spans: null, duration: null, caption_speakers: null });
      expect(await store.renders.get(clipId)).toEqual(r);
      expect(await store.renders.update(clipId, 1, ['processing'], 'done', T0 + 1)).toBe(false);
      expect(await store.renders.update(clipId, 1, ['queued'], 'processing', T0 + 2, { progress: 0.5 })).toBe(true);
      expect(await store.renders.update(clipId, 1, ['processing'], 'done', T0 + 3, { progress: 1, output_key: 'renders/a.mp4' })).toBe(true);
      expect(await store.renders.get(clipId)).toEqual({ ...r, status: 'done', progress: 1, output_key: 'renders/a.mp4', updated_at: T0 + 3 });
    });

    it('a new trigger starts the next generation afresh; the old one can no longer move', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      await store.renders.queue(clipId, team.id, T0);
      await store.renders.update(clipId, 1, ['queued'], 'failed', T0 + 1, { error: 'ffmpeg died', output_key: 'renders/old.mp4' });
      const again = await store.renders.queue(clipId, team.id, T0 + 10);
      expect(again).toEqual({ clip_id: clipId, team_id: team.id, status: 'queued', generation: 2, progress: 0, output_key: null, error: null, created_at: T0 + 10, updated_at: T0 + 10, layout: null, caption_style: null, aspect: null, remove_fillers: null, remove_silences: null, keep_spans: null, duration: null, caption_speakers: null });
      expect(await store.renders.update(clipId, 1, ['queued'], 'processing', T0 + 11)).toBe(false);
      expect(await store.renders.update(clipId, 2, ['queued'], 'processing', T0 + 11)).toBe(true);
      expect(await store.renders.get(clipId)).toMatchObject({ generation: 2, status: 'processing' });
    });

    it('pages a team\'s renders newest first (created_at, then clip id), of one status if asked', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const a = (await makeClip(store, T0, team)).clipId;
      const b = (await makeClip(store, T0, team)).clipId;
      const c = (await makeClip(store, T0, team)).clipId;
      const other = (await makeClip(store, T0)).clipId;
      await store.renders.queue(a, team.id, T0);
      await store.renders.queue(b, team.id, T0 + 5);
      await store.renders.queue(c, team.id, T0 + 5);
      await store.renders.queue(other, (await store.clips.byId(other))!.team_id, T0 + 9);
      await store.renders.update(a, 1, ['queued'], 'failed', T0 + 6, { error: 'x' });
      const [first, second] = [b, c].sort().reverse();
      expect((await store.renders.page(team.id, { limit: 10 })).map((r) => r.clip_id)).toEqual([first, second, a]);
      expect((await store.renders.page(team.id, { limit: 1 })).map((r) => r.clip_id)).toEqual([first]);
      expect((await store.renders.page(team.id, { limit: 10, after: { created_at: T0 + 5, id: first } })).map((r) => r.clip_id)).toEqual([second, a]);
      expect((await store.renders.page(team.id, { limit: 10, status: 'failed' })).map((r) => r.clip_id)).toEqual([a]);
      expect(await store.renders.page(team.id, { limit: 10, status: 'done' })).toEqual([]);
    });
  });

  describe('renders: layout and caption style (issue 17)', () => {
    it('keeps the look each trigger asked for; a trigger without one goes back to automatic', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      expect(await store.renders.queue(clipId, team.id, T0, { layout: 'fit', caption_style: 'pop' })).toMatchObject({ generation: 1, layout: 'fit', caption_style: 'pop' });
      expect(await store.renders.get(clipId)).toMatchObject({ layout: 'fit', caption_style: 'pop' });
      expect(await store.renders.queue(clipId, team.id, T0 + 1, { caption_style: 'boxed' })).toMatchObject({ generation: 2, layout: null, caption_style: 'boxed' });
      expect(await store.renders.queue(clipId, team.id, T0 + 2)).toMatchObject({ generation: 3, layout: null, caption_style: null });
    });
  });

  describe('framings (issue 17)', () => {
    it('stores one framing per clip, replaces it, and forgets it with the clip', async () => {
      const { store } = h();
      const { clipId } = await makeClip(store, T0);
      expect(await store.framings.get(clipId)).toBeUndefined();
      const first = { clip_id: clipId, start: 1.5, end: 31.5, layout: 'fill' as const, plan: '{"version":1}', created_at: T0 };
      await store.framings.save(first);
      expect(await store.framings.get(clipId)).toEqual(first);
      const again = { ...first, start: 2, layout: 'split' as const, plan: '{"version":1,"layout":"split"}', created_at: T0 + 5 };
      await store.framings.save(again);
      expect(await store.framings.get(clipId)).toEqual(again);
      expect(await store.framings.get('clip_unknown')).toBeUndefined();
    });

    it('refuses a framing for a clip that does not exist', async () => {
      const { store } = h();
      await expect(store.framings.save({ clip_id: 'clip_nope', start: 0, end: 1, layout: 'fill', plan: '{}', created_at: T0 })).rejects.toThrow();
    });
  });

  describe('render minutes', () => {
    it('charges against the allowance, never below zero, and refunds a generation once', async () => {
      const { store } = h();
      const team = await store.teams.create('small', T0, { renderMinutes: 30 });
      const other = await makeTeam(store, T0, 'other');
      expect(await store.renderMinutes.used(team.id, T0)).toBe(0);
      expect(await store.renderMinutes.remaining(team.id, T0)).toBe(30);
      await store.renderMinutes.charge(team.id, 'clip_a', 1, 10, T0);
      await store.renderMinutes.charge(team.id, 'clip_a', 2, 25, T0 + 1);
      expect(await store.renderMinutes.used(team.id, T0)).toBe(35);
      expect(await store.renderMinutes.remaining(team.id, T0)).toBe(0);
      await store.renderMinutes.refund('clip_a', 1, T0 + 2);
      await store.renderMinutes.refund('clip_a', 1, T0 + 3);
      await store.renderMinutes.refund('clip_b', 1, T0 + 3);
      expect(await store.renderMinutes.used(team.id, T0)).toBe(25);
      expect(await store.renderMinutes.remaining(team.id, T0)).toBe(5);
      expect(await store.renderMinutes.remaining(other.id, T0)).toBe(600);
      expect(await store.renderMinutes.remaining('team_unknown', T0)).toBe(0);
    });

    it('counts a charge in the UTC calendar month it was made in', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const lastMs = Date.UTC(2024, 0, 31, 23, 59, 59, 999);
      const february = Date.UTC(2024, 1, 1);
      await store.renderMinutes.charge(team.id, 'clip_a', 1, 7, lastMs);
      await store.renderMinutes.charge(team.id, 'clip_b', 1, 3, february);
      expect(await store.renderMinutes.used(team.id, Date.UTC(2024, 0, 1))).toBe(7);
      expect(await store.renderMinutes.used(team.id, february)).toBe(3);
      expect(await store.renderMinutes.used(team.id, Date.UTC(2024, 1, 29, 23))).toBe(3);
      expect(await store.renderMinutes.used(team.id, Date.UTC(2025, 0, 15))).toBe(0);
      expect(await store.renderMinutes.remaining(team.id, february)).toBe(597);
    });
  });

  describe('posts', () => {
    it('stores a post and reads it by team, id and clip', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      const post = postRow(team.id, clipId, T0);
      const later = postRow(team.id, clipId, T0 + 1, { platform: 'long_video', title: 'A title', settings: '{"tags":[]}' });
      await store.posts.insert(post);
      await store.posts.insert(later);
      expect(await store.posts.get(team.id, post.id)).toEqual(post);
      expect(await store.posts.get((await makeTeam(store, T0, 'other')).id, post.id)).toBeUndefined();
      expect(await store.posts.byId(later.id)).toEqual(later);
      expect(await store.posts.listByClip(clipId)).toEqual([post, later]);
      expect(await store.posts.exists(clipId, 'short_video')).toBe(true);
      expect(await store.posts.exists(clipId, 'photo_sharing')).toBe(false);
    });

    it('moves status by compare-and-set, and edits a draft only while it is one', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      const post = postRow(team.id, clipId, T0);
      await store.posts.insert(post);
      const edit = { caption: 'new caption', title: 'T', settings: '{"a":1}', layout: 'split' as const, caption_style: 'karaoke' as const };
      expect(await store.posts.updateDraft(post.id, edit, T0 + 1)).toBe(true);
      expect(await store.posts.byId(post.id)).toEqual({ ...post, ...edit, updated_at: T0 + 1 });
      expect(await store.posts.transition(post.id, ['scheduled'], 'queued', T0 + 2)).toBe(false);
      expect(await store.posts.transition(post.id, ['draft', 'failed'], 'scheduled', T0 + 3, { scheduled_at: T0 + 100 })).toBe(true);
      expect(await store.posts.byId(post.id)).toMatchObject({ status: 'scheduled', scheduled_at: T0 + 100, updated_at: T0 + 3 });
      expect(await store.posts.updateDraft(post.id, { ...edit, caption: 'too late' }, T0 + 4)).toBe(false);
      expect(await store.posts.transition(post.id, ['draft'], 'cancelled', T0 + 5)).toBe(false);
      expect((await store.posts.byId(post.id))?.caption).toBe('new caption');
      // A cancelled post still counts as the clip's post for that platform.
      expect(await store.posts.transition(post.id, ['scheduled'], 'cancelled', T0 + 6)).toBe(true);
      expect(await store.posts.exists(clipId, 'short_video')).toBe(true);
    });

    it('finds scheduled posts that are due, soonest first, and the next due time', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      expect(await store.posts.nextDueAt()).toBeUndefined();
      const add = async (status: 'scheduled' | 'draft' | 'published', at: number) => {
        const p = postRow(team.id, clipId, T0, { status, scheduled_at: at });
        await store.posts.insert(p);
        return p.id;
      };
      const b = await add('scheduled', T0 + 20);
      const a = await add('scheduled', T0 + 10);
      const c = await add('scheduled', T0 + 30);
      await add('draft', T0 + 1);
      await add('published', T0 + 2);
      expect(await store.posts.nextDueAt()).toBe(T0 + 10);
      expect((await store.posts.due(T0 + 20)).map((p) => p.id)).toEqual([a, b]);
      expect((await store.posts.due(T0 + 30, 1)).map((p) => p.id)).toEqual([a]);
      expect(await store.posts.due(T0 + 9)).toEqual([]);
      await store.posts.transition(a, ['scheduled'], 'queued', T0 + 10);
      expect(await store.posts.nextDueAt()).toBe(T0 + 20);
      expect((await store.posts.due(T0 + 99)).map((p) => p.id)).toEqual([b, c]);
    });

    it('records publish attempts: open, resume state while started, finished result', async () => {
      const { store } = h();
      const { team, clipId } = await makeClip(store, T0);
      const post = postRow(team.id, clipId, T0);
      await store.posts.insert(post);
      expect(await store.posts.openAttempt(post.id)).toBeUndefined();
      await store.posts.startAttempt({ id: 'att_1', post_id: post.id, connector: 'fake', started_at: T0 + 1 });
      await store.posts.saveResumeState('att_1', '{"session":"s1"}');
      expect(await store.posts.openAttempt(post.id)).toEqual({
        id: 'att_1', post_id: post.id, connector: 'fake', status: 'started', resume_state: '{"session":"s1"}',
        external_id: null, published_url: null, error: null, started_at: T0 + 1, finished_at: null,
      });
      await store.posts.finishAttempt('att_1', { status: 'failed', error: 'rate limited' }, T0 + 2);
      await store.posts.saveResumeState('att_1', '{"session":"ignored"}');
      expect(await store.posts.openAttempt(post.id)).toBeUndefined();
      await store.posts.startAttempt({ id: 'att_2', post_id: post.id, connector: 'fake', started_at: T0 + 3 });
      expect((await store.posts.openAttempt(post.id))?.id).toBe('att_2');
      await store.posts.finishAttempt('att_2', { status: 'succeeded', external_id: 'ext9', published_url: 'https://video.example/9' }, T0 + 4);
      expect(await store.posts.attempts(post.id)).toMatchObject([
        { id: 'att_1', status: 'failed', error: 'rate limited', resume_state: '{"session":"s1"}', external_id: null, finished_at: T0 + 2 },
        { id: 'att_2', status: 'succeeded', external_id: 'ext9', published_url: 'https://video.example/9', error: null, finished_at: T0 + 4 },
      ]);
      expect(await store.posts.attempts('post_unknown')).toEqual([]);
    });
  });
}
