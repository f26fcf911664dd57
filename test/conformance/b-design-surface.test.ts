import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { buildRouter } from '../../daemon/server/routes.js';
import { DEFAULT_PORT } from '../../daemon/config.js';
import { buildProgram } from '../../src/cli/main.js';
import { CliContext } from '../../src/cli/context.js';
import { completionTree } from '../../src/cli/completion/tree.js';

// Audit B: every endpoint, command, flag and file name DESIGN.md (and the spec's endpoint table
// for renders and posts) names exists with exactly that spelling and the auth it states.
// Paths below are copied from the documents, not from the code.

// Registration only keeps references to the services; no handler runs here.
const router = buildRouter({} as never);
const route = (method: string, path: string) => {
  const m = router.match(method, path);
  return 'route' in m ? m.route : undefined;
};

describe('endpoints (spec "Endpoints", DESIGN.md "Endpoints the spec names but does not show")', () => {
  it.each([
    // spec, renders and posts: key or JWT; the four GETs are status checks.
    ['POST', '/v1/clips/clip_x/renders', 'any', false],
    ['GET', '/v1/renders/clip_x', 'any', true],
    ['GET', '/v1/clips/clip_x/posts', 'any', true],
    ['GET', '/v1/posts/post_x', 'any', true],
    ['PUT', '/v1/posts/post_x', 'any', false],
    ['POST', '/v1/posts/post_x/publish', 'any', false],
    // DESIGN.md extensions
    ['GET', '/v1/ping', 'any', false],
    ['POST', '/v1/uploads/upl_x/parts', 'any', false],
    ['DELETE', '/v1/uploads/upl_x', 'any', false],
    ['GET', '/v1/uploads/upl_x', 'any', false],
    ['POST', '/v1/posts/post_x/cancel', 'any', false],
    ['POST', '/v1/keys', 'jwt', false],
    ['GET', '/v1/keys', 'jwt', false],
    ['DELETE', '/v1/keys/key_x', 'jwt', false],
    ['POST', '/v1/webhooks', 'jwt', false],
    ['GET', '/v1/webhooks', 'jwt', false],
    ['DELETE', '/v1/webhooks/wh_x', 'jwt', false],
    ['POST', '/v1/platforms', 'jwt', false],
    ['GET', '/v1/platforms', 'jwt', false],
    ['DELETE', '/v1/platforms/short_video', 'jwt', false],
    // DESIGN.md "Second round": the editor's endpoints (issue 16).
    ['PATCH', '/v1/clips/clip_x', 'any', false],
    ['GET', '/v1/clips/clip_x/transcript', 'any', false],
    ['PUT', '/v1/clips/clip_x/transcript', 'any', false],
    ['GET', '/v1/auth/session-link', 'jwt', false],
    ['GET', '/healthz', 'none', false],
    ['GET', '/app/clips/clip_x', 'none', false],
    ['GET', '/app/login', 'none', false],
    ['GET', '/p/post_x', 'none', false],
  ])('%s %s exists with auth %s (status check: %s)', (method, path, auth, statusCheck) => {
    const r = route(method, path);
    expect(r, `${method} ${path}`).toBeDefined();
    expect(r!.auth).toBe(auth);
    expect(!!r!.statusCheck).toBe(statusCheck);
  });

  it('keys status checks by the id checked, so one render, post or clip\'s posts each has its own 6 a minute', () => {
    const keys = [
      route('GET', '/v1/renders/clip_a')!.statusCheck!({ renderId: 'clip_a' }),
      route('GET', '/v1/posts/post_a')!.statusCheck!({ postId: 'post_a' }),
      route('GET', '/v1/clips/clip_a/posts')!.statusCheck!({ clipId: 'clip_a' }),
    ];
    expect(new Set(keys).size).toBe(3);
    expect(keys.every((k) => k.endsWith('_a'))).toBe(true);
  });
});

describe('commands and flags (DESIGN.md "Start-up and credentials", "clipper watch", "webhooks listen")', () => {
  const nodes = completionTree(buildProgram(new CliContext({ stdout: process.stdout, stderr: process.stderr, stdin: process.stdin, env: {} })));
  const node = (path: string) => nodes.find((n) => n.path.join(' ') === path);
  const flags = (path: string) => node(path)?.options.flatMap((o) => o.flags) ?? [];

  it.each([
    ['daemon run', ['--data-dir', '--port', '--host']],
    ['daemon start', ['--data-dir', '--port', '--host']],
    ['daemon stop', ['--data-dir']],
    ['daemon status', ['--data-dir']],
    ['auth token', ['--data-dir', '--team']],
    ['admin teams create', ['--data-dir', '--name']],
    ['keys create', ['--label']],
    ['keys list', []],
    ['webhooks listen', []],
    ['watch', []],
    ['renders create', []],
    ['renders get', []],
    ['posts list', []],
    ['posts get', []],
    ['posts edit', []],
    ['posts publish', []],
    ['posts cancel', []],
    ['platforms connect', []],
    ['uploads', []],
    ['clips', []],
  ])('clipper %s exists with %j', (path, wanted) => {
    expect(node(path), path).toBeDefined();
    for (const f of wanted) expect(flags(path), `${path} ${f}`).toContain(f);
  });

  it('has the global --json flag (daemon status --json, keys create --json, watch --json) and credential flags', () => {
    for (const f of ['--json', '--profile', '--base-url', '--api-key', '--token']) expect(flags(''), f).toContain(f);
  });

  it('defaults the daemon port to 7788', () => {
    expect(DEFAULT_PORT).toBe(7788);
  });
});

describe('layout (DESIGN.md "Shape" and "Second round")', () => {
  it.each([
    'bin/clipper', 'src/api', 'src/client', 'src/cli', 'daemon/server', 'daemon/store', 'daemon/objects', 'daemon/pipeline',
    ...['clip-jobs', 'uploads', 'renders', 'posts', 'webhooks', 'keys', 'platforms'].map((r) => `daemon/resources/${r}`),
    'fixtures', 'test',
    ...['clips', 'renders', 'posts', 'uploads', 'keys', 'webhooks', 'platforms', 'daemon', 'auth'].map((r) => `src/cli/${r}`),
  ])('%s exists', (p) => {
    expect(existsSync(join(process.cwd(), p))).toBe(true);
  });
});
