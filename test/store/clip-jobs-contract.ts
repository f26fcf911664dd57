import { describe, expect, it } from 'vitest';
import { clipSpec, makeJob, makeTeam, T0, type Current } from './fixtures.js';

// Contract cases of clip jobs, their stage results (the typed transcript reader included) and
// the clips they produce.

const segment = (text: string, start: number) => ({ text, start, end: start + 1, words: [{ text, start, end: start + 1 }] });

export function clipJobsContract(h: Current) {
  describe('clip jobs', () => {
    it('inserts a queued job with a fresh asset id, under a chosen id when given', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const job = await makeJob(store, team.id, T0, { criteria: 'funny', target_duration: 45 });
      expect(job).toMatchObject({ team_id: team.id, status: 'queued', progress: 0, error: null, criteria: 'funny', target_duration: 45, created_at: T0, updated_at: T0 });
      expect(job.id).toMatch(/^job_/);
      expect(job.asset_id).toMatch(/^asset_/);
      expect(await store.clipJobs.get(team.id, job.id)).toEqual(job);
      expect(await store.clipJobs.byId(job.id)).toEqual(job);
      const chosen = await store.clipJobs.insert({ ...job, source_type: 'upload', upload_id: 'upl_x' }, T0, 'job_chosen');
      expect(chosen.id).toBe('job_chosen');
      expect(chosen.asset_id).not.toBe(job.asset_id);
      expect(await store.clipJobs.byId('job_chosen')).toMatchObject({ source_type: 'upload', upload_id: 'upl_x' });
    });

    it('reads jobs on their own team only, newest first, up to the limit', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      const old = await makeJob(store, team.id, T0);
      const mid = await makeJob(store, team.id, T0 + 10);
      const sameTime = await makeJob(store, team.id, T0 + 10);
      await makeJob(store, other.id, T0 + 20);
      expect(await store.clipJobs.get(other.id, old.id)).toBeUndefined();
      expect((await store.clipJobs.listByTeam(team.id, 10)).map((j) => j.id)).toEqual([sameTime.id, mid.id, old.id]);
      expect((await store.clipJobs.listByTeam(team.id, 2)).map((j) => j.id)).toEqual([sameTime.id, mid.id]);
      expect(await store.clipJobs.byId('job_unknown')).toBeUndefined();
    });

    it('pages a team\'s jobs newest first (created_at, then id) with their clip counts, of one status if asked', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const old = await makeJob(store, team.id, T0);
      const x = await makeJob(store, team.id, T0 + 10);
      const y = await makeJob(store, team.id, T0 + 10);
      await makeJob(store, (await makeTeam(store, T0, 'other')).id, T0 + 20);
      await store.clipJobs.insertClips(old, [clipSpec(0, 0.5), clipSpec(20, 0.7)], T0);
      await store.clipJobs.update(old.id, { status: 'done' }, T0 + 30);
      const [first, second] = [x.id, y.id].sort().reverse();
      const all = await store.clipJobs.page(team.id, { limit: 10 });
      expect(all.map((j) => [j.id, j.clip_count])).toEqual([[first, 0], [second, 0], [old.id, 2]]);
      expect(all[2]).toMatchObject({ ...old, status: 'done', updated_at: T0 + 30 });
      expect((await store.clipJobs.page(team.id, { limit: 2 })).map((j) => j.id)).toEqual([first, second]);
      expect((await store.clipJobs.page(team.id, { limit: 10, after: { created_at: T0 + 10, id: first } })).map((j) => j.id)).toEqual([second, old.id]);
      expect((await store.clipJobs.page(team.id, { limit: 10, status: 'done' })).map((j) => j.id)).toEqual([old.id]);
      expect(await store.clipJobs.page(team.id, { limit: 10, status: 'error' })).toEqual([]);
    });

    it('updates the given columns and updated_at only', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0);
      await store.clipJobs.update(job.id, { status: 'processing', progress: 0.25, media_key: 'media/x.mp4' }, T0 + 5);
      expect(await store.clipJobs.byId(job.id)).toEqual({ ...job, status: 'processing', progress: 0.25, media_key: 'media/x.mp4', updated_at: T0 + 5 });
      await store.clipJobs.update(job.id, { status: 'error', error: 'boom', folder_name: 'renamed' }, T0 + 6);
      expect(await store.clipJobs.byId(job.id)).toMatchObject({ status: 'error', error: 'boom', folder_name: 'renamed', progress: 0.25, updated_at: T0 + 6 });
    });

    it('names the finished stages and reads one result alone', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0);
      const other = await makeJob(store, (await makeTeam(store, T0, 'b')).id, T0);
      expect(await store.clipJobs.stageNames(job.id)).toEqual([]);
      expect(await store.clipJobs.stageResult(job.id, 'plan')).toBeUndefined();
      await store.clipJobs.saveStage(job.id, 'plan', { chunks: [1, 2] }, T0);
      await store.clipJobs.saveStage(job.id, 'transcribe:0', { engine: 'none' }, T0);
      await store.clipJobs.saveStage(other.id, 'ingest', {}, T0);
      expect((await store.clipJobs.stageNames(job.id)).sort()).toEqual(['plan', 'transcribe:0']);
      expect(await store.clipJobs.stageResult(job.id, 'plan')).toEqual({ chunks: [1, 2] });
      expect(await store.clipJobs.stageResult(other.id, 'plan')).toBeUndefined();
    });

    it('keeps stage results by name, a second save replacing the first', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0);
      expect(await store.clipJobs.stageResults(job.id)).toEqual(new Map());
      await store.clipJobs.saveStage(job.id, 'probe', { duration: 60, streams: ['v', 'a'] }, T0);
      await store.clipJobs.saveStage(job.id, 'analyse', { silences: [] }, T0);
      await store.clipJobs.saveStage(job.id, 'probe', { duration: 61 }, T0 + 1);
      expect(await store.clipJobs.stageResults(job.id)).toEqual(new Map<string, unknown>([['probe', { duration: 61 }], ['analyse', { silences: [] }]]));
    });

    it('reads one stage result by name, undefined before it is stored and for other jobs', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const job = await makeJob(store, team.id, T0);
      const other = await makeJob(store, team.id, T0);
      expect(await store.clipJobs.stageResult(job.id, 'transcriber')).toBeUndefined();
      await store.clipJobs.saveStage(job.id, 'transcriber', { engine: 'sherpa-onnx', model: 'tiny.en' }, T0);
      await store.clipJobs.saveStage(job.id, 'transcriber', { engine: 'sherpa-onnx', model: 'base.en' }, T0 + 1);
      expect(await store.clipJobs.stageResult(job.id, 'transcriber')).toEqual({ engine: 'sherpa-onnx', model: 'base.en' });
      expect(await store.clipJobs.stageResult(other.id, 'transcriber')).toBeUndefined();
      expect(await store.clipJobs.stageResult(job.id, 'transcrib')).toBeUndefined();
    });

    it('reads one stage, and the stages of a name prefix (which is not a pattern)', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0);
      expect(await store.clipJobs.stageResult(job.id, 'copy:clip_1')).toBeUndefined();
      expect(await store.clipJobs.stagesNamed(job.id, 'suggest:')).toEqual(new Map());
      await store.clipJobs.saveStage(job.id, 'suggest:0', { clip_ids: ['a'] }, T0);
      await store.clipJobs.saveStage(job.id, 'suggest:1', { clip_ids: [], carry_from: 12.5 }, T0);
      await store.clipJobs.saveStage(job.id, 'suggest', { other: true }, T0);
      await store.clipJobs.saveStage(job.id, 'copy:clip_1', { title: 'T' }, T0);
      await store.clipJobs.saveStage(job.id, 'copy_clip_2', { title: 'not a copy: stage' }, T0);
      expect(await store.clipJobs.stageResult(job.id, 'copy:clip_1')).toEqual({ title: 'T' });
      expect(await store.clipJobs.stagesNamed(job.id, 'suggest:')).toEqual(new Map<string, unknown>([['suggest:0', { clip_ids: ['a'] }], ['suggest:1', { clip_ids: [], carry_from: 12.5 }]]));
      expect(await store.clipJobs.stagesNamed(job.id, 'copy_')).toEqual(new Map([['copy_clip_2', { title: 'not a copy: stage' }]]));
      expect(await store.clipJobs.stagesNamed(job.id, '%')).toEqual(new Map());
      expect(await store.clipJobs.stageResult('job_unknown', 'suggest:0')).toBeUndefined();
    });

    it('reads the transcript from the transcribe:<n> stages in numeric chunk order', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0);
      expect(await store.clipJobs.transcriptOf(job.id)).toEqual([]);
      await store.clipJobs.saveStage(job.id, 'transcribe:10', { segments: [segment('ten', 100)] }, T0);
      await store.clipJobs.saveStage(job.id, 'transcribe:2', { segments: [segment('two-a', 20), segment('two-b', 21)] }, T0);
      await store.clipJobs.saveStage(job.id, 'transcribe:1', { segments: [segment('one', 10)] }, T0);
      await store.clipJobs.saveStage(job.id, 'transcribe:3', { engine: 'none' }, T0);
      await store.clipJobs.saveStage(job.id, 'suggest', { segments: [segment('not a transcript', 0)] }, T0);
      expect((await store.clipJobs.transcriptOf(job.id)).map((s) => s.text)).toEqual(['one', 'two-a', 'two-b', 'ten']);
      expect((await store.clipJobs.transcriptOf(job.id))[0]).toEqual(segment('one', 10));
      expect(await store.clipJobs.transcriptOf('job_unknown')).toEqual([]);
    });

    it('tells any team the source object and language of a job', async () => {
      const { store } = h();
      const job = await makeJob(store, (await makeTeam(store, T0)).id, T0, { language: 'fr', media_key: 'media/src.mp4' });
      expect(await store.clipJobs.sourceOf(job.id)).toEqual({ media_key: 'media/src.mp4', language: 'fr' });
      expect(await store.clipJobs.sourceOf('job_unknown')).toBeUndefined();
    });

    it('stores clips ranked after the existing ones, renumbers them by score and sets previews', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const job = await makeJob(store, team.id, T0);
      const first = await store.clipJobs.insertClips(job, [clipSpec(0, 0.2), clipSpec(40, 0.9)], T0);
      const more = await store.clipJobs.insertClips(job, [clipSpec(80, 0.5), clipSpec(20, 0.5)], T0 + 1);
      expect([...first, ...more].every((id) => id.startsWith('clip_'))).toBe(true);
      const ranked = async () => (await store.clips.listByJob(job.id)).map((c) => [c.rank, c.start]);
      expect(await ranked()).toEqual([[0, 0], [1, 40], [2, 80], [3, 20]]);
      await store.clipJobs.rankByScore(job.id);
      expect(await ranked()).toEqual([[0, 40], [1, 20], [2, 80], [3, 0]]);
      const clip = (await store.clips.byId(first[1]))!;
      expect(clip).toMatchObject({ job_id: job.id, team_id: team.id, title: 'clip at 40', score: 0.9, end: 70, preview_key: null, preview_ready_at: null, created_at: T0 });
      expect(JSON.parse(clip.score_breakdown)).toEqual(clipSpec(40, 0.9).score_breakdown);
      expect(JSON.parse(clip.words)).toEqual(clipSpec(40, 0.9).words);
      await store.clipJobs.setPreview(first[1], 'previews/c.mp4', T0 + 9);
      expect(await store.clips.byId(first[1])).toMatchObject({ preview_key: 'previews/c.mp4', preview_ready_at: T0 + 9 });
    });
  });

  describe('clips', () => {
    it('reads a clip on its own team only; byId and listByJob for any team', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      const job = await makeJob(store, team.id, T0);
      const [id] = await store.clipJobs.insertClips(job, [clipSpec(0, 0.5)], T0);
      expect(await store.clips.get(team.id, id)).toEqual(await store.clips.byId(id));
      expect((await store.clips.get(team.id, id))?.id).toBe(id);
      expect(await store.clips.get(other.id, id)).toBeUndefined();
      expect((await store.clips.listByJob(job.id)).map((c) => c.id)).toEqual([id]);
      expect(await store.clips.listByJob((await makeJob(store, other.id, T0)).id)).toEqual([]);
      expect(await store.clips.byId('clip_unknown')).toBeUndefined();
    });
  });
}
