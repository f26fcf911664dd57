// Issue 30, item 4: "accept a cookies file (`network.ytdlp_cookies` setting and `--cookies`)".
// `clipper clips create URL --cookies FILE` sends the file's text as `source.cookies` (the
// daemon running yt-dlp may be another machine); the daemon keeps it only for the job's download,
// hands it to yt-dlp as `--cookies`, then deletes it; it is never logged or shown. A fake yt-dlp
// (a shell script) downloads only when given cookies, else fails like a members-only video.
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COOKIES_MAX_CHARS } from '../../src/api/clips.js';
import { createLogger } from '../../daemon/log.js';
import { jobCookiesKey } from '../../daemon/resources/clip-jobs/cookies.js';
import { cliHarness, runCli, type CliHarness } from '../helpers/cli-io.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { fakeStages } from './helpers/doubles.js';

const dir = mkdtempSync(join(tmpdir(), 'clipper-ytdlp-cookies-'));
const URL_ = 'https://www.youtube.com/watch?v=members';
const SECRET = 'sid-value-9f3a7c';
const COOKIES = `# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t0\tSID\t${SECRET}\n#HttpOnly_.youtube.com\tTRUE\t/\tTRUE\t0\tHSID\tother\n`;
const SEEN = join(dir, 'seen-cookies.txt');

/** With `--cookies F`: copies F to SEEN and "downloads" a fake 60 s video; without: a members-only failure. */
function fakeYtDlp(): string {
  const bin = join(dir, 'yt-dlp');
  writeFileSync(bin, `#!/bin/sh
if [ "$1" = "--version" ]; then echo 2026.11.01; exit 0; fi
cookies=""; out=""; prev=""
for a in "$@"; do
  [ "$prev" = "--cookies" ] && cookies="$a"
  [ "$prev" = "-o" ] && out="$a"
  prev="$a"
done
if [ -z "$cookies" ]; then
  echo "ERROR: [youtube] members: Join this channel to get access to members-only content like this video. Use --cookies-from-browser or --cookies for the authentication." >&2
  exit 1
fi
cp "$cookies" ${SEEN}
echo "title=Members only episode"
printf 'FAKEVIDEO 60' > "$(echo "$out" | sed 's/%(ext)s/mp4/')"
`);
  chmodSync(bin, 0o755);
  return bin;
}

let d: TestDaemon;
let h: CliHarness;
let env: NodeJS.ProcessEnv;
const logLines: string[] = [];
beforeAll(async () => {
  d = await startTestDaemon({
    settings: { limits: { requests_per_minute: 100_000 }, pipeline: { yt_dlp_path: fakeYtDlp() } },
    log: createLogger({ level: 'debug', role: 'all', write: (l) => void logLines.push(l) }),
  });
  d.app.stages.current = fakeStages();
  h = cliHarness();
  env = { ...h.env, CLIPPER_BASE_URL: d.url, CLIPPER_TOKEN: await d.token() };
});
afterAll(async () => {
  await d?.stop();
  h?.cleanup();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => rmSync(SEEN, { force: true }));

const jobs = () => d.app.db.prepare('SELECT COUNT(*) FROM clip_jobs').pluck().get() as number;
const cookiesStored = async (jobId: string) => (await d.app.objects.stat(jobCookiesKey(jobId))) !== undefined;

describe('source.cookies on POST /v1/clips', () => {
  it('reaches yt-dlp as --cookies, is deleted after the download, and is never shown or logged', async () => {
    const auth = `Key ${await d.apiKey()}`;
    const r = await d.call('POST', '/v1/clips', { auth, body: { source: { url: URL_, cookies: COOKIES } } });
    expect(r.status, JSON.stringify(r.body)).toBe(202);
    expect(JSON.stringify(r.body)).not.toContain(SECRET);
    expect(await cookiesStored(r.body.job_id)).toBe(true);
    await d.processAll();
    expect(readFileSync(SEEN, 'utf8')).toBe(COOKIES);
    const job = await d.call('GET', `/v1/clips/${r.body.job_id}`, { auth });
    expect(job.body.status).not.toBe('error');
    expect(job.body.folder_name).toBe('Members only episode');
    expect(JSON.stringify(job.body)).not.toContain(SECRET);
    expect(await cookiesStored(r.body.job_id)).toBe(false);
    expect(existsSync(join(d.app.clipJobs.settings.workDir, r.body.job_id, 'platform'))).toBe(false);
    expect(logLines.join('\n')).not.toContain(SECRET);
  });

  it('without cookies, a link that needs a signed-in session ends in error in one line saying to pass --cookies or set network.ytdlp_cookies', async () => {
    const r = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source: { url: URL_ } } });
    expect(r.status).toBe(202);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, r.body.job_id);
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/needs a signed-in session.*set network\.ytdlp_cookies to it, or pass --cookies FILE to clipper clips create/);
    expect(job.error).not.toMatch(/\n/);
    expect(existsSync(SEEN)).toBe(false);
  });

  it.each([
    ['not a cookies file', { url: URL_, cookies: 'SID=abc; HSID=def' }, /Netscape format/],
    ['empty', { url: URL_, cookies: '# Netscape HTTP Cookie File\n' }, /Netscape format/],
    ['too large', { url: URL_, cookies: `${COOKIES}${'# padding\n'.repeat(COOKIES_MAX_CHARS / 10)}` }, /at most 200000 characters/],
    ['not text', { url: URL_, cookies: 42 }, /source\.cookies must be the text/],
    ['with an upload', { upload_id: 'upl_x', cookies: COOKIES }, /not with an upload/],
  ])('refuses source.cookies that is %s with the error envelope, nothing created or stored', async (_name, source, message) => {
    const before = jobs();
    const r = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source } });
    expect(r.status).toBe(400);
    expect(r.body.error.code).toBe('BAD_REQUEST');
    expect(r.body.error.details.field).toBe('source.cookies');
    expect(r.body.error.message).toMatch(message);
    expect(r.body.error.message).not.toContain(SECRET);
    expect(jobs()).toBe(before);
    const stored: string[] = [];
    for await (const o of d.app.objects.list('jobs/')) if (o.key.endsWith('/cookies.txt')) stored.push(o.key);
    expect(stored).toEqual([]);
  });
});

describe('clipper clips create URL --cookies FILE', () => {
  it('sends the file and yt-dlp gets it', async () => {
    const file = join(dir, 'exported.txt');
    writeFileSync(file, COOKIES);
    const r = await runCli(['clips', 'create', URL_, '--cookies', file, '--json'], { env });
    expect(r.code, r.stderr).toBe(0);
    const { job_id } = JSON.parse(r.stdout) as { job_id: string };
    await d.processAll();
    expect(readFileSync(SEEN, 'utf8')).toBe(COOKIES);
    expect((await d.app.clipJobs.view(d.rootTeamId, job_id)).status).not.toBe('error');
    expect(r.stdout + r.stderr).not.toContain(SECRET);
  });

  it('refuses a missing file, a file that is no cookies file, and --cookies with a local video, sending nothing', async () => {
    const before = jobs();
    const missing = await runCli(['clips', 'create', URL_, '--cookies', join(dir, 'nope.txt')], { env });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/--cookies: .*nope\.txt is not a readable file; nothing was sent/);
    const bad = join(dir, 'bad.txt');
    writeFileSync(bad, 'SID=abc');
    expect((await runCli(['clips', 'create', URL_, '--cookies', bad], { env })).stderr).toMatch(/not a cookies file in the Netscape format/);
    const local = await runCli(['clips', 'create', join(process.cwd(), 'fixtures', 'sample.mp4'), '--cookies', bad], { env });
    expect(local.code).toBe(2);
    expect(local.stderr).toMatch(/--cookies goes with a video-platform link/);
    expect(jobs()).toBe(before);
  });
});
