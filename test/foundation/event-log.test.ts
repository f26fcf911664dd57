import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon();
});
afterAll(() => d.stop());

describe('the durable event log', () => {
  it('writes the envelope fields and reads forward by sequence', async () => {
    const e = await d.app.store.events.emit('project.render.started', { project_id: 'clip_a', team_id: d.rootTeamId });
    expect(e).toMatchObject({ id: expect.stringMatching(/^evt_/), type: 'project.render.started', created: d.clock.now(), data: { project_id: 'clip_a', team_id: d.rootTeamId } });
    const after = await d.app.store.events.readAfter(0, 1000);
    expect(after.at(-1)).toMatchObject({ id: e.id, type: e.type, created: e.created, data: e.data, team_id: d.rootTeamId });
  });

  it('commits an event only with the state change that caused it', async () => {
    const before = (await d.app.store.events.readAfter(0, 10_000)).length;
    await expect(
      d.app.store.transaction(async () => {
        await d.app.store.events.emit('project.render.failed', { project_id: 'clip_b', team_id: d.rootTeamId, error: 'x' });
        throw new Error('state change failed');
      }),
    ).rejects.toThrow('state change failed');
    expect((await d.app.store.events.readAfter(0, 10_000)).length).toBe(before);
    await d.app.store.transaction(async () => await d.app.store.events.emit('project.render.succeeded', { project_id: 'clip_b', team_id: d.rootTeamId }));
    expect((await d.app.store.events.readAfter(0, 10_000)).length).toBe(before + 1);
  });
});
