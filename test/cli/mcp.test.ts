// Issue 18, item 3: `clipper mcp` driven by the MCP SDK's own Client over StdioClientTransport,
// spawning the built bin/clipper against a real daemon (credentials from CLIPPER_* as for every
// command), through a whole job: create_clips on the spoken sample, get_job until done,
// list_clips, list_drafts, edit_draft, publish_post scheduled, render_clip, get_render.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { sampleStart } from '../jobs/helpers/sample-cut.js';
import { connect } from '../publish/helpers.js';

let d: TestDaemon;
let client: Client;

beforeAll(async () => {
  // Face tracking off: the tools are checked here; framing is proven in test/jobs/pipeline-real.
  d = await startTestDaemon({ settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } });
  for (const p of ['short_video', 'long_video']) await connect(d, p);
  const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('CLIPPER_'))) as Record<string, string>;
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [join(process.cwd(), 'bin', 'clipper'), 'mcp'],
    env: { ...env, CLIPPER_BASE_URL: d.url, CLIPPER_API_KEY: await d.apiKey(), CLIPPER_STATE_DIR: d.dataDir, NO_COLOR: '1' },
    stderr: 'pipe',
  });
  client = new Client({ name: 'clipper-test', version: '1.0.0' });
  await client.connect(transport);
}, 60_000);
afterAll(async () => {
  await client?.close();
  await d?.stop();
});

async function call(name: string, args: Record<string, unknown>): Promise<any> {
  const res = (await client.callTool({ name, arguments: args })) as { isError?: boolean; content: Array<{ type: string; text: string }>; structuredContent?: unknown };
  expect(res.isError, `${name}: ${res.content[0]?.text}`).toBeFalsy();
  expect(JSON.parse(res.content[0].text)).toEqual(res.structuredContent);
  return res.structuredContent;
}

describe('clipper mcp', () => {
  it('lists its tools with input schemas taken from the API\'s own schemas', async () => {
    const { tools } = await client.listTools();
    const byName = Object.fromEntries(tools.map((t) => [t.name, t]));
    expect(Object.keys(byName).sort()).toEqual(['create_clips', 'edit_draft', 'get_job', 'get_render', 'list_clips', 'list_drafts', 'publish_post', 'render_clip']);
    const create = byName.create_clips.inputSchema as any;
    expect(create.required).toEqual(['source']);
    expect(create.properties.criteria.maxLength).toBe(1000);
    const edit = byName.edit_draft.inputSchema as any;
    expect(edit.properties.title.maxLength).toBe(100);
    expect(edit.properties.short_video.properties.privacy_level.enum).toContain('SELF_ONLY');
  });

  it('carries aspect, remove_fillers, remove_silences and keep on render_clip and edit_draft (issue 29)', async () => {
    const { tools } = await client.listTools();
    for (const name of ['render_clip', 'edit_draft']) {
      const props = (tools.find((t) => t.name === name)!.inputSchema as any).properties;
      expect(props.aspect.enum).toEqual(['9:16', '1:1', '4:5', '16:9']);
      expect(props.remove_fillers.type).toBe('boolean');
      expect(props.remove_silences.type).toBe('boolean');
      expect(props.keep.type).toBe('array');
    }
  });

  it('answers a bad argument or an API error as the tool\'s error, in the API\'s words', async () => {
    const missing = (await client.callTool({ name: 'get_job', arguments: { job_id: 'job_nothere' } })) as any;
    expect(missing.isError).toBe(true);
    expect(missing.content[0].text).toMatch(/^NOT_FOUND: /);
    const notFile = (await client.callTool({ name: 'create_clips', arguments: { source: '/nowhere/talk.mp4' } })) as any;
    expect(notFile.isError).toBe(true);
    expect(notFile.content[0].text).toContain('neither a file nor an http(s) link');
  });

  it('runs a whole job: clips, drafts, an edit, a scheduled post and a render', async () => {
    const created = await call('create_clips', { source: sampleStart(), criteria: 'pricing', target_duration: 20 });
    expect(created.status).toBe('queued');
    await d.processAll();
    const job = await call('get_job', { job_id: created.job_id });
    expect(job).toMatchObject({ job_id: created.job_id, status: 'done' });
    expect(job.previews_ready).toBe(job.clip_count);

    const { clips } = await call('list_clips', { job_id: created.job_id });
    expect(clips.length).toBe(job.clip_count);
    expect(Object.keys(clips[0]).sort()).toEqual(['duration', 'end', 'id', 'preview_url', 'score', 'start', 'title']);
    const recent = await call('list_clips', { limit: 5 });
    expect(recent.jobs[0].job_id).toBe(created.job_id);

    const { posts } = await call('list_drafts', { clip_id: clips[0].id });
    expect(posts.map((p: any) => p.platform).sort()).toEqual(['long_video', 'short_video']);
    const long = posts.find((p: any) => p.platform === 'long_video');
    const edited = await call('edit_draft', { post_id: long.id, title: 'Pricing, plainly', caption: 'What a seat costs.' });
    expect(edited).toMatchObject({ status: 'draft', title: 'Pricing, plainly', caption: 'What a seat costs.' });
    const at = d.clock.now() + 3_600_000;
    const scheduled = await call('publish_post', { post_id: long.id, scheduled_at: at });
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduled_at: at });

    const render = await call('render_clip', { clip_id: clips[0].id });
    expect(render.status).toBe('queued');
    await d.processAll();
    const rendered = await call('get_render', { render_id: render.render_id });
    expect(rendered.status).toBe('done');
    expect(rendered.output_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/objects\//);

    // Results stay small: the whole job's answers fit in a few kilobytes.
    expect(JSON.stringify({ job, clips, posts }).length).toBeLessThan(8000);
  }, 600_000);
});
