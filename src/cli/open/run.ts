import { spawn } from 'node:child_process';
import { ClientError } from '../../client/errors.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT } from '../exit-codes.js';
import { bearerOnly } from '../bearer-only.js';

/**
 * `clipper open [CLIP_ID] [--print]`: asks for a one-time, 5-minute sign-in link
 * (GET /v1/auth/session-link) that lands on the clip's page, and opens it in the browser:
 * $BROWSER when set, else xdg-open (with a display), open (macOS) or start (Windows). Without a
 * browser, or with --print, the link goes to stdout for the person to open.
 */
export async function run(opts: { clipId?: string; print?: boolean }, ctx: CliContext): Promise<void> {
  const target = ctx.target();
  if (target.apiKey && !target.token) throw bearerOnly('clipper open', 'sign in to the web pages');
  const client = await ctx.client();
  let link;
  try {
    link = await client.auth.sessionLink(opts.clipId);
  } catch (e) {
    if (e instanceof ClientError && e.status === 401 && /JWT/i.test(e.message)) throw bearerOnly('clipper open', 'sign in to the web pages');
    if (e instanceof ClientError && e.status === 404) throw new CliError(EXIT.NOT_FOUND, `there is no clip ${opts.clipId} in your team`, 'Clip ids are in `clipper clips get JOB`.', 'NOT_FOUND');
    throw e;
  }
  const minutes = Math.round((link.expires_at - Date.now()) / 60_000);
  if (opts.print || ctx.out.jsonMode) {
    ctx.out.data(link, () => ctx.out.line(link.url));
    ctx.out.info(`The link signs in once, within ${minutes} minutes.`);
    return;
  }
  const opener = browserCommand(ctx.env);
  if (opener && (await launch(opener, link.url))) {
    ctx.out.info(`Opened ${opts.clipId ? `clip ${opts.clipId}` : 'your jobs'} in the browser (${opener[0]}).`);
    return;
  }
  ctx.out.line(link.url);
  ctx.out.info(`No browser to open here: open the link above yourself (it signs in once, within ${minutes} minutes).`);
}

/** The command that opens a URL on this system, or undefined when there is none to use. */
export function browserCommand(env: NodeJS.ProcessEnv, platform = process.platform): string[] | undefined {
  if (env.BROWSER) return env.BROWSER.split(/\s+/).filter(Boolean);
  if (platform === 'darwin') return ['open'];
  if (platform === 'win32') return ['cmd', '/c', 'start', '""'];
  return env.DISPLAY || env.WAYLAND_DISPLAY ? ['xdg-open'] : undefined;
}

/** Starts the browser (detached) and reports whether it could be started at all. */
function launch(cmd: string[], url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], [...cmd.slice(1), url], { detached: true, stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('spawn', () => {
      child.unref();
      resolve(true);
    });
  });
}
