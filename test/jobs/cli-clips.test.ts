import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../src/cli/main.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { LinkServer } from './helpers/link-server.js';

let d: TestDaemon;
let links: LinkServer;
let token: string;
const state = mkdtempSync(join(tmpdir(), 'clipper-cli-state-'));

beforeAll(async () => {
  d = await startTestDaemon();
  links = await new LinkServer().start();
  token = await d.token();
});
afterAll(async () => {
  await links.stop();
  await d.stop();
});

async function clipper(...args: string[]) {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c) => (out += c));
  stderr.on('data', (c) => (err += c));
  const env = { CLIPPER_STATE_DIR: state, CLIPPER_CONFIG_DIR: join(state, 'cfg'), NO_COLOR: '1', PATH: process.env.PATH };
  const code = await main(['node', 'clipper', ...args, '--base-url', d.url, '--token', token], { stdout, stderr, env });
  return { code, stdout: out, stderr: err };
}

describe('clipper clips', () => {
  it('create sends a link, prints the 202 answer as JSON and remembers the job', async () => {
    const r = await clipper('clips', 'create', 'https://youtu.be/abc', '--criteria', 'funny moments', '--duration', '45s', '--language', 'en', '--json');
    expect(r.code).toBe(0);
    const created = JSON.parse(r.stdout);
    expect(created).toEqual({ job_id: expect.any(String), status: 'queued', created_at: expect.any(Number) });
    expect(await d.app.clipJobs.repo.byId(created.job_id)).toMatchObject({ criteria: 'funny moments', target_duration: 45, language: 'en' });
    const history = readFileSync(join(state, 'jobs.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l));
    expect(history.at(-1)).toMatchObject({ job_id: created.job_id, source: 'https://youtu.be/abc', criteria: 'funny moments', base_url: d.url });

    const listed = JSON.parse((await clipper('clips', 'list', '--json')).stdout);
    expect(listed.jobs[0].job_id).toBe(created.job_id);
    const got = JSON.parse((await clipper('clips', 'get', created.job_id, '--json')).stdout);
    expect(got).toMatchObject({ job_id: created.job_id, status: 'queued', clips: [] });
  });

  it('reports API errors with their exit codes: 400 (usage of the API) and 404', async () => {
    const bad = await clipper('clips', 'create', 'https://youtu.be/abc', '--language', 'klingon');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/BAD_REQUEST: language/);
    expect(bad.stdout).toBe('');
    const missing = await clipper('clips', 'get', 'job_doesnotexist');
    expect(missing.code).toBe(3);
    const page = await clipper('clips', 'create', links.page('/a-page'));
    expect(page.stderr).toMatch(/web page/);
  });

  it('refuses a source that is neither a file nor a link with a usage error', async () => {
    const r = await clipper('clips', 'create', 'no-such-file.mp4');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/neither a file nor an http\(s\) link/);
  });

  it('get --wait on a job that failed prints it and exits 7', async () => {
    const jobId = JSON.parse((await clipper('clips', 'create', `${links.url}/gone.mp4`, '--json')).stdout).job_id;
    await d.processAll();
    const r = await clipper('clips', 'get', jobId, '--wait', '--json');
    expect(r.code).toBe(7);
    expect(JSON.parse(r.stdout)).toMatchObject({ job_id: jobId, status: 'error', error: expect.stringMatching(/404/) });
    expect(r.stderr).toMatch(/ended in error/);
  });

  it('prints a job for people with its clips table', async () => {
    const jobId = JSON.parse((await clipper('clips', 'create', 'https://vimeo.com/1', '--json')).stdout).job_id;
    const r = await clipper('clips', 'get', jobId);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(new RegExp(`^${jobId}  queued 0%  vimeo.com/1`));
  });
});
