import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStubApi } from '../helpers/stub-api.js';
import { cliHarness, runCli, type CliHarness } from '../helpers/cli-io.js';

// Audit B, DESIGN.md: "the CLI must keep working against a hosted deployment that implements
// only the spec". A render there has render_id, status, created_at and (once done) output_url:
// no DESIGN.md extras (clip_id, progress), and a failed state whose name the spec leaves open.

let h: CliHarness;
let renderBody: Record<string, unknown> = {};
let api: Awaited<ReturnType<typeof startStubApi>>;
beforeAll(async () => {
  api = await startStubApi(() => ({ status: 200, body: renderBody }));
  h = cliHarness({ CLIPPER_BASE_URL: api.url, CLIPPER_API_KEY: 'secret-team' });
});
afterAll(async () => {
  await api.close();
  h.cleanup();
});

describe('clipper renders get against a spec-only deployment', () => {
  it('prints a processing render without a progress field, and no NaN', async () => {
    renderBody = { render_id: 'clip_a', status: 'processing', created_at: 1 };
    const r = await runCli(['renders', 'get', 'clip_a'], { env: h.env });
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe('clip_a  processing');
  });

  it('ends --wait on a failed render named `error` with exit code 7 instead of polling on', async () => {
    renderBody = { render_id: 'clip_a', status: 'error', created_at: 1, error: 'encoder stopped' };
    const r = await runCli(['renders', 'get', 'clip_a', '--wait', '--timeout', '30s'], { env: h.env });
    expect(r.code).toBe(7);
    expect(r.stderr).toMatch(/ended in error: encoder stopped/);
  });
});
