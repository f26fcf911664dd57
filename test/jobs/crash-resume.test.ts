import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { mintIdToken } from '../../daemon/identity/local-issuer.js';
import { ChildDaemon } from './helpers/child-daemon.js';
import { LinkServer } from './helpers/link-server.js';

const dataDir = mkdtempSync(join(tmpdir(), 'clipper-crash-'));
// Short chunks and sections: the sample becomes several sections, so there are moments when
// some clips are stored and others are not, and previews are still rendering. Face tracking off:
// resuming is checked here; framing a job's clips is proven in pipeline-real.
writeFileSync(join(dataDir, 'config.json'), JSON.stringify({ pipeline_chunk_seconds: 20, pipeline_section_seconds: 40, framing: { face_tracking: false } }));
const daemon = new ChildDaemon(dataDir);
let links: LinkServer | undefined;

afterAll(async () => {
  await daemon.stop();
  await links?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Reads the daemon's database from outside, as the daemon writes it (WAL). */
function peek<T>(fn: (db: Database.Database) => T): T {
  const db = new Database(join(dataDir, 'clipper.db'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

const stages = (jobId: string) => peek((db) => db.prepare('SELECT stage, result, finished_at FROM job_stages WHERE job_id = ?').all(jobId) as Array<{ stage: string; result: string; finished_at: number }>);
const clips = (jobId: string) => peek((db) => db.prepare('SELECT id, rank, start, "end", preview_key FROM clips WHERE job_id = ? ORDER BY rank').all(jobId) as Array<{ id: string; rank: number; start: number; end: number; preview_key: string | null }>);
const jobStatus = (jobId: string) => peek((db) => db.prepare('SELECT status, error FROM clip_jobs WHERE id = ?').get(jobId) as { status: string; error: string | null });

async function until(what: string, test: () => boolean, timeoutMs = 240_000, everyMs = 20): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}; daemon said: ${daemon.stderr.slice(-2000)}`);
    await sleep(everyMs);
  }
}

describe('kill -9 in the middle of a job, then a restart on the same data dir', () => {
  it('resumes from the last finished stage and finishes with no duplicate clips', async () => {
    links = await new LinkServer().start();
    await daemon.start();
    const teamId = peek((db) => db.prepare('SELECT id FROM teams ORDER BY created_at LIMIT 1').pluck().get() as string);
    const token = await mintIdToken(dataDir, teamId);
    const res = await fetch(`${daemon.url}/v1/clips`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ source: { url: links.file('/sample.mp4', join(process.cwd(), 'fixtures', 'sample.mp4')) } }),
    });
    expect(res.status).toBe(202);
    const jobId = ((await res.json()) as { job_id: string }).job_id;

    // First crash: the audio is extracted, nothing is suggested yet.
    await until('the audio stage', () => stages(jobId).some((s) => s.stage === 'audio'));
    await daemon.kill();
    const afterFirst = stages(jobId);
    expect(afterFirst.some((s) => s.stage.startsWith('suggest'))).toBe(false);
    expect(peek((db) => db.prepare("SELECT status FROM tasks WHERE resource_id = ?").pluck().get(jobId))).toBe('running'); // its lease died with it

    // Second crash: some clips are stored, some previews are missing.
    await daemon.start();
    await until('clips with a preview still missing', () => {
      const c = clips(jobId);
      return c.length > 0 && c.some((x) => !x.preview_key);
    }, 240_000, 10);
    await daemon.kill();
    const afterSecond = stages(jobId);
    const clipsBefore = clips(jobId);

    await daemon.start();
    await until('the job to finish', () => ['done', 'error'].includes(jobStatus(jobId).status), 240_000, 200);
    expect(jobStatus(jobId)).toEqual({ status: 'done', error: null });

    // Stages finished before a crash were not run again: same results, same times.
    const final = new Map(stages(jobId).map((s) => [s.stage, s]));
    for (const s of [...afterFirst, ...afterSecond]) expect(final.get(s.stage)).toEqual(s);
    // Every clip is stored once: the ones from before the crash kept their ids, none was added twice.
    const done = clips(jobId);
    const suggested = [...final.values()].filter((s) => s.stage.startsWith('suggest:')).flatMap((s) => JSON.parse(s.result).clip_ids as string[]);
    expect(done.map((c) => c.id).sort()).toEqual([...suggested].sort());
    expect(new Set(done.map((c) => `${c.start}-${c.end}`)).size).toBe(done.length);
    for (const c of clipsBefore) expect(done.map((x) => x.id)).toContain(c.id);
    expect(done.every((c) => c.preview_key)).toBe(true);
    expect(done.map((c) => c.rank)).toEqual(done.map((_, i) => i));

    const events = peek((db) => db.prepare("SELECT type, data FROM events WHERE json_extract(data, '$.job_id') = ? ORDER BY seq").all(jobId) as Array<{ type: string; data: string }>);
    const types = events.map((e) => e.type).filter((t) => t !== 'asset.analysis.progress');
    expect(types).toEqual(['asset.analysis.started', 'asset.creation.succeeded', 'asset.analysis.succeeded']);
    const progress = events.filter((e) => e.type === 'asset.analysis.progress').map((e) => JSON.parse(e.data).progress as number);
    for (let i = 1; i < progress.length; i++) expect(progress[i]).toBeGreaterThan(progress[i - 1]);
  }, 600_000);
});
