import { describe, expect, it } from 'vitest';
import type { Store } from '../../daemon/store/index.js';
import { clipSpec, makeClip, makeJob, makeTeam, postRow, T0, uploadRecord, type Current } from './fixtures.js';

// Contract cases of Store.transaction: one commit for a state change and the event it emits,
// a throw undoing every repository's writes, and nested calls as savepoints.

/** Writes to every repository, as one multi-table state change would. */
async function writeEverywhere(store: Store, teamId: string, clipId: string) {
  const team = await store.teams.create('inside', T0);
  await store.apiKeys.create(teamId, 'inside', T0);
  await store.webhooks.create(teamId, { url: 'https://in.example/hook', events: ['*'] }, T0);
  await store.platforms.upsert(teamId, { platform: 'photo_sharing', connector: 'fake', account_name: '@in', settings: {} }, T0);
  await store.uploads.insert(uploadRecord(teamId, T0));
  const job = await makeJob(store, teamId, T0);
  await store.clipJobs.saveStage(job.id, 'transcribe:1', { segments: [] }, T0);
  await store.clipJobs.insertClips(job, [clipSpec(5, 0.5)], T0);
  await store.clipJobs.setPreview(clipId, 'previews/in.mp4', T0);
  await store.renders.queue(clipId, teamId, T0);
  await store.renderMinutes.charge(teamId, clipId, 1, 5, T0);
  await store.posts.insert(postRow(teamId, clipId, T0));
  await store.tasks.enqueue({ kind: 'clip.render', resourceId: clipId, teamId, runAt: T0 }, T0);
  await store.events.emit('project.render.started', { project_id: clipId, team_id: teamId });
  return { team, job };
}

/** What the writes above would change, read back through the interface. */
async function snapshot(store: Store, teamId: string, clipId: string, jobId: string) {
  return {
    teams: (await store.teams.list()).length,
    keys: (await store.apiKeys.list(teamId)).length,
    webhooks: (await store.webhooks.list(teamId)).length,
    platforms: (await store.platforms.list(teamId)).length,
    uploadsDue: (await store.uploads.dueForCleanup(T0 + 7_200_000)).length,
    jobs: (await store.clipJobs.listByTeam(teamId, 100)).length,
    clips: (await store.clips.listByJob(jobId)).length,
    preview: (await store.clips.byId(clipId))?.preview_key ?? null,
    render: await store.renders.get(clipId) ?? null,
    minutes: await store.renderMinutes.used(teamId, T0),
    posts: (await store.posts.listByClip(clipId)).length,
    task: await store.tasks.active('clip.render', clipId) ?? null,
    events: (await store.events.readAfter(0)).length,
  };
}

export function transactionContract(h: Current) {
  describe('transaction', () => {
    it('commits every write of fn together and returns its value', async () => {
      const { store } = h();
      const { team, job, clipId } = await makeClip(store, T0);
      const before = await snapshot(store, team.id, clipId, job.id);
      const out = await store.transaction(async (tx) => await writeEverywhere(tx, team.id, clipId));
      const after = await snapshot(store, team.id, clipId, job.id);
      expect(out.team.name).toBe('inside');
      expect(after).toMatchObject({ teams: before.teams + 1, keys: 1, webhooks: 1, platforms: 1, uploadsDue: 1, jobs: 2, preview: 'previews/in.mp4', minutes: 5, posts: 1, events: 1 });
      expect(await store.clipJobs.transcriptOf(out.job.id)).toEqual([]);
      expect(await store.clips.listByJob(out.job.id)).toHaveLength(1);
    });

    it('rolls back every repository\'s writes, the event included, when fn throws', async () => {
      const { store } = h();
      const { team, job, clipId } = await makeClip(store, T0);
      const before = await snapshot(store, team.id, clipId, job.id);
      let inner: { job: { id: string } } | undefined;
      await expect(
        store.transaction(async (tx) => {
          inner = await writeEverywhere(tx, team.id, clipId);
          throw new Error('midway');
        }),
      ).rejects.toThrow('midway');
      expect(await snapshot(store, team.id, clipId, job.id)).toEqual(before);
      expect(await store.clipJobs.byId(inner!.job.id)).toBeUndefined();
      expect(await store.clipJobs.stageResults(inner!.job.id)).toEqual(new Map());
      expect(await store.events.readAfter(0)).toEqual([]);
    });

    it('undoes a rolled-back fan-out and deletion: the next fan-out delivers, once', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const hook = await store.webhooks.create(team.id, { url: 'https://a.example/hook', events: ['*'] }, T0);
      await store.events.emit('project.render.started', { project_id: 'clip_1', team_id: team.id });
      await expect(
        store.transaction(async (tx) => {
          expect(await tx.webhookOutbox.fanOut(T0)).toBe(1);
          await tx.webhooks.delete(team.id, hook.record.id, T0);
          throw new Error('crash');
        }),
      ).rejects.toThrow('crash');
      expect(await store.webhooks.get(team.id, hook.record.id)).toBeDefined();
      expect(await store.webhookOutbox.list(hook.record.id, { limit: 10 })).toEqual([]);
      expect(await store.webhookOutbox.fanOut(T0 + 1)).toBe(1);
      expect((await store.webhookOutbox.list(hook.record.id, { limit: 10 })).map((d) => d.status)).toEqual(['pending']);
    });

    it('treats a nested call as a savepoint: its throw undoes only its own writes', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.transaction(async (tx) => {
        await tx.events.emit('project.render.started', { project_id: 'kept', team_id: team.id });
        await expect(
          tx.transaction(async (inner) => {
            await inner.teams.create('undone', T0);
            await inner.events.emit('project.render.started', { project_id: 'undone', team_id: team.id });
            throw new Error('inner');
          }),
        ).rejects.toThrow('inner');
        await tx.tasks.enqueue({ kind: 'k', resourceId: 'r', teamId: team.id, runAt: T0 }, T0);
      });
      expect((await store.events.readAfter(0)).map((e) => (e.data as { project_id: string }).project_id)).toEqual(['kept']);
      expect((await store.teams.list()).map((t) => t.name)).toEqual([team.name]);
      expect(await store.tasks.active('k', 'r')).toBeDefined();
    });
  });
}
