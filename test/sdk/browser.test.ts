// Issue 18, item 2: "a documented client for ... browsers with fetch". The browser build
// (dist/browser/clipper.js, package.json "exports" condition `browser`) loads no Node module up
// front, and runs in a runtime without `process` (as a page is), sending through the global fetch.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';

const entry = join(process.cwd(), 'dist', 'browser', 'clipper.js');
let d: TestDaemon;
beforeAll(async () => {
  d = await startTestDaemon({ settings: { uploads: { min_part_size: 64 * 1024 } } });
});
afterAll(() => d?.stop());

/** The files and packages a module imports statically (`import ... from`), transitively. */
function staticImports(file: string, seen = new Set<string>()): Set<string> {
  for (const m of readFileSync(file, 'utf8').matchAll(/^(?:import|export)\s[^;]*?from\s*"([^"]+)"/gms)) {
    const spec = m[1];
    if (!spec.startsWith('.')) seen.add(spec);
    else {
      const path = resolve(dirname(file), spec);
      if (!seen.has(path)) staticImports(path, seen.add(path));
    }
  }
  return seen;
}

describe('the browser build of the SDK', () => {
  it('imports no Node module and no package when it loads', () => {
    const imports = [...staticImports(entry)];
    expect(imports.some((s) => s.includes('/chunks/'))).toBe(true); // the reader does follow imports
    expect(imports.filter((s) => !s.startsWith('/'))).toEqual([]);
  });

  it('works where there is no process, through the global fetch', async () => {
    const script = `
      const out = process.stdout;
      Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true });
      const { Clipper } = await import(${JSON.stringify(entry)});
      const clipper = new Clipper({ baseUrl: ${JSON.stringify(d.url)}, apiKey: ${JSON.stringify(await d.apiKey())} });
      const ping = await clipper.ping();
      const err = await clipper.clips.get('job_missing').catch((e) => e);
      out.write(JSON.stringify({ ping, code: err.code, status: err.status, verify: typeof Clipper.verifyWebhook }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    expect(JSON.parse(stdout)).toEqual({ ping: { ok: true, team_id: d.rootTeamId, auth: 'api_key' }, code: 'NOT_FOUND', status: 404, verify: 'undefined' });
  });

  it('uploads a Blob with the global fetch: one PUT, multipart, and a multipart resumed after a failed part', async () => {
    const script = `
      const out = process.stdout;
      Object.defineProperty(globalThis, 'process', { value: undefined, configurable: true });
      const { Clipper } = await import(${JSON.stringify(entry)});
      const real = globalThis.fetch;
      let failPut = 0, puts = 0, lastUpload;
      globalThis.fetch = async (url, init) => {
        if (init?.method === 'PUT' && String(url).includes('/objects/')) {
          puts++;
          if (failPut && puts === failPut) throw new TypeError('network down');
        }
        const res = await real(url, init);
        if (init?.method === 'POST' && new URL(url).pathname === '/v1/uploads') lastUpload = (await res.clone().json()).upload_id;
        return res;
      };
      const clipper = new Clipper({ baseUrl: ${JSON.stringify(d.url)}, apiKey: ${JSON.stringify(await d.apiKey())} });
      const bytes = new Uint8Array(200 * 1024).map((_, i) => i % 251);
      const blob = new Blob([bytes], { type: 'video/mp4' });
      const single = await clipper.uploadBlob(blob, { fileName: 'a.mp4' });
      const multi = await clipper.uploadBlob(blob, { fileName: 'b.mp4', multipartThreshold: 1024 });
      puts = 0; failPut = 2;
      const failed = await clipper.uploadBlob(blob, { multipartThreshold: 1024 }).catch((e) => e.code);
      failPut = 0;
      const resumed = await clipper.uploadBlob(blob, { resume: lastUpload });
      const states = await Promise.all([single, multi, resumed].map((u) => clipper.uploads.get(u.upload_id)));
      out.write(JSON.stringify({ single, multi, failed, resumed, states: states.map((s) => [s.status, s.size_bytes]) }));`;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', script]);
    const r = JSON.parse(stdout);
    expect(r.single).toMatchObject({ multipart: false, parts_sent: 1 });
    expect(r.multi).toMatchObject({ multipart: true, parts_sent: 4, parts_skipped: 0 });
    expect(r.failed).toBe('NETWORK_ERROR');
    expect(r.resumed).toMatchObject({ multipart: true, parts_sent: 3, parts_skipped: 1 });
    expect(r.states).toEqual([['complete', 200 * 1024], ['complete', 200 * 1024], ['complete', 200 * 1024]]);
  });
});
