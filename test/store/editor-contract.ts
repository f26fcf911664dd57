import { describe, expect, it } from 'vitest';
import { T0, makeClip, makeTeam, type Current } from './fixtures.js';

// Contract cases of the web editor's storage (issue 16, migration 016): clip edits, corrected
// words, and the pages' sign-in sessions.

export function editorContract(h: Current) {
  describe('clip edits', () => {
    it('edits the given fields; a new span drops the preview, the same span keeps it', async () => {
      const { store } = h();
      const { clipId } = await makeClip(store, T0);
      await store.clipJobs.setPreview(clipId, 'previews/a.mp4', T0);
      const titled = (await store.clips.edit(clipId, { title: 'New', title_edited: 1 }))!;
      expect(titled).toMatchObject({ title: 'New', title_edited: 1, start: 0, end: 30, preview_key: 'previews/a.mp4', preview_ready_at: T0 });
      const same = (await store.clips.edit(clipId, { start: 0, end: 30, transcript: 'hi', words: '[]' }))!;
      expect(same).toMatchObject({ transcript: 'hi', words: '[]', preview_key: 'previews/a.mp4' });
      const trimmed = (await store.clips.edit(clipId, { start: 2, end: 12 }))!;
      expect(trimmed).toMatchObject({ start: 2, end: 12, title: 'New', preview_key: null, preview_ready_at: null });
      expect(await store.clips.edit('clip_unknown', { title: 'x' })).toBeUndefined();
    });

    it('sets a preview only while the clip still has the span it was made of', async () => {
      const { store } = h();
      const { clipId } = await makeClip(store, T0);
      await store.clips.edit(clipId, { start: 2, end: 12 });
      expect(await store.clips.setPreviewOfSpan(clipId, { start: 0, end: 30 }, 'previews/old.mp4', T0 + 1)).toBe(false);
      expect((await store.clips.byId(clipId))!.preview_key).toBeNull();
      expect(await store.clips.setPreviewOfSpan(clipId, { start: 2, end: 12 }, 'previews/new.mp4', T0 + 2)).toBe(true);
      expect(await store.clips.byId(clipId)).toMatchObject({ preview_key: 'previews/new.mp4', preview_ready_at: T0 + 2 });
    });

    it('keeps one transcript correction per clip, the newest', async () => {
      const { store } = h();
      const { clipId } = await makeClip(store, T0);
      expect(await store.clips.transcriptEdit(clipId)).toBeUndefined();
      await store.clips.saveTranscriptEdit({ clip_id: clipId, start: 0, end: 30, words: '[1]', updated_at: T0 });
      await store.clips.saveTranscriptEdit({ clip_id: clipId, start: 1, end: 20, words: '[2]', updated_at: T0 + 5 });
      expect(await store.clips.transcriptEdit(clipId)).toEqual({ clip_id: clipId, start: 1, end: 20, words: '[2]', updated_at: T0 + 5 });
    });
  });

  describe('web sessions', () => {
    it('a session is live until it expires or is ended, once', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.webSessions.create({ id_hash: 'h1', team_id: team.id, csrf_token: 'c1', created_at: T0, expires_at: T0 + 1000 });
      expect(await store.webSessions.live('h1', T0 + 999)).toMatchObject({ team_id: team.id, csrf_token: 'c1', ended_at: null });
      expect(await store.webSessions.live('h1', T0 + 1000)).toBeUndefined();
      expect(await store.webSessions.live('nope', T0)).toBeUndefined();
      expect(await store.webSessions.end('h1', T0 + 10)).toBe(true);
      expect(await store.webSessions.end('h1', T0 + 11)).toBe(false);
      expect(await store.webSessions.live('h1', T0 + 12)).toBeUndefined();
    });
  });
}
