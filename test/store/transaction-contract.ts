import { describe, expect, it } from 'vitest';
import type { Store } from '../../daemon/store/index.js';
import { clipSpec, makeClip, makeJob, makeTeam, postRow, T0, uploadRecord, type Current } from './fixtures.js';

// Contract cases of Store.transaction: one commit for a state change and the event it emits,
// a throw undoing every repository's writes, and nested calls as savepoints.

/** Writes to every repository, as one multi-table state change would. */
function writeEverywhere(store: Store, teamId: string, clipId: string) {
  const team = store.teams.create('inside', T0);
  store.apiKeys.create(teamId, 'inside', T0);
  store.webhooks.create(teamId, { url: 'https://in.example/hook', events: ['*'] }, T0);
  store.platforms.upsert(teamId, { platform: 'photo_sharing', connector: 'fake', account_name: '@in', settings: {} }, T0);
  store.uploads.insert(uploadRecord(teamId, T0));
  const job = makeJob(store, teamId, T0);
  store.clipJobs.saveStage(job.id, 'transcribe:1', { segments: [] }, T0);
  store.clipJobs.insertClips(job, [clipSpec(5, 0.5)], T0);
  store.clipJobs.setPreview(clipId, 'previews/in.mp4', T0);
  store.renders.queue(clipId, teamId, T0);
  store.renderMinutes.charge(teamId, clipId, 1, 5, T0);
  store.posts.insert(postRow(teamId, clipId, T0));
  store.tasks.enqueue({ kind: 'clip.render', resourceId: clipId, teamId, runAt: T0 }, T0);
  store.events.emit('project.render.started', { project_id: clipId, team_id: teamId });
  return { team, job };
}

/** What the writes above would change, read back through the interface. */
function snapshot(store: Store, teamId: string, clipId: string, jobId: string) {
  return {
    teams: store.teams.list().length,
    keys: store.apiKeys.list(teamId).length,
    webhooks: store.webhooks.list(teamId).length,
    platforms: store.platforms.list(teamId).length,
    uploadsDue: store.uploads.dueForCleanup(T0 + 7_200_000).length,
    jobs: store.clipJobs.listByTeam(teamId, 100).length,
    clips: store.clips.listByJob(jobId).length,
    preview: store.clips.byId(clipId)?.preview_key ?? null,
    render: store.renders.get(clipId) ?? null,
    minutes: store.renderMinutes.used(teamId, T0),
    posts: store.posts.listByClip(clipId).length,
    task: store.tasks.active('clip.render', clipId) ?? null,
    events: store.events.readAfter(0).length,
  };
}

export function transactionContract(h: Current) {
  describe('transaction', () => {
    it('commits every write of fn together and returns its value', () => {
      const { store } = h();
      const { team, job, clipId } = makeClip(store, T0);
      const before = snapshot(store, team.id, clipId, job.id);
      const out = store.transaction(() => writeEverywhere(store, team.id, clipId));
      const after = snapshot(store, team.id, clipId, job.id);
      expect(out.team.name).toBe('inside');
      expect(after).toMatchObject({ teams: before.teams + 1, keys: 1, webhooks: 1, platforms: 1, uploadsDue: 1, jobs: 2, preview: 'previews/in.mp4', minutes: 5, posts: 1, events: 1 });
      expect(store.clipJobs.transcriptOf(out.job.id)).toEqual([]);
      expect(store.clips.listByJob(out.job.id)).toHaveLength(1);
    });

    it('rolls back every repository\'s writes, the event included, when fn throws', () => {
      const { store } = h();
      const { team, job, clipId } = makeClip(store, T0);
      const before = snapshot(store, team.id, clipId, job.id);
      let inner: { job: { id: string } } | undefined;
      expect(() =>
        store.transaction(() => {
          inner = writeEverywhere(store, team.id, clipId);
          throw new Error('midway');
        }),
      ).toThrow('midway');
      expect(snapshot(store, team.id, clipId, job.id)).toEqual(before);
      expect(store.clipJobs.byId(inner!.job.id)).toBeUndefined();
      expect(store.clipJobs.stageResults(inner!.job.id)).toEqual(new Map());
      expect(store.events.readAfter(0)).toEqual([]);
    });

    it('undoes a rolled-back fan-out and deletion: the next fan-out delivers, once', () => {
      const { store } = h();
      const team = makeTeam(store, T0);
      const hook = store.webhooks.create(team.id, { url: 'https://a.example/hook', events: ['*'] }, T0);
      store.events.emit('project.render.started', { project_id: 'clip_1', team_id: team.id });
      expect(() =>
        store.transaction(() => {
          expect(store.webhookOutbox.fanOut(T0)).toBe(1);
          store.webhooks.delete(team.id, hook.record.id, T0);
          throw new Error('crash');
        }),
      ).toThrow('crash');
      expect(store.webhooks.get(team.id, hook.record.id)).toBeDefined();
      expect(store.webhookOutbox.list(hook.record.id, { limit: 10 })).toEqual([]);
      expect(store.webhookOutbox.fanOut(T0 + 1)).toBe(1);
      expect(store.webhookOutbox.list(hook.record.id, { limit: 10 }).map((d) => d.status)).toEqual(['pending']);
    });

    it('treats a nested call as a savepoint: its throw undoes only its own writes', () => {
      const { store } = h();
      const team = makeTeam(store, T0);
      store.transaction(() => {
        store.events.emit('project.render.started', { project_id: 'kept', team_id: team.id });
        expect(() =>
          store.transaction(() => {
            store.teams.create('undone', T0);
            store.events.emit('project.render.started', { project_id: 'undone', team_id: team.id });
            throw new Error('inner');
          }),
        ).toThrow('inner');
        store.tasks.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id, runAt: T0 }, T0);
      });
      expect(store.events.readAfter(0).map((e) => (e.data as { project_id: string }).project_id)).toEqual(['kept']);
      expect(store.teams.list().map((t) => t.name)).toEqual([team.name]);
      expect(store.tasks.active('k', 'r')).toBeDefined();
    });
  });
}
