// Issue 30, item 4: every yt-dlp failure is a job `error` in one line that says what to do, an old
// yt-dlp is named with how to get a current one, and a cookies file reaches yt-dlp. A fake yt-dlp
// (a shell script) plays each kind of failure with the words the real one prints.
import { chmodSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importWithYtDlp, YtDlpError } from '../../daemon/pipeline/ingest/yt-dlp.js';
import { staleVersionHint } from '../../daemon/pipeline/ingest/yt-dlp-failures.js';
import { startTestDaemon, type TestDaemon } from '../helpers/daemon.js';
import { fakeStages } from './helpers/doubles.js';

const dir = mkdtempSync(join(tmpdir(), 'clipper-ytdlp-'));
const URL_ = 'https://www.youtube.com/watch?v=abc';

/** A fake yt-dlp: `--version` prints VERSION; otherwise it prints STDERR and exits 1. */
function fake(name: string, stderr: string, version = '2023.03.04'): string {
  const bin = join(dir, name);
  writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo ${version}; exit 0; fi\ncat >&2 <<'EOT'\n${stderr}\nEOT\nexit 1\n`);
  chmodSync(bin, 0o755);
  return bin;
}

const CASES: [string, string, RegExp][] = [
  ['bot check', "ERROR: [youtube] abc: Sign in to confirm you're not a bot. Use --cookies-from-browser or --cookies for the authentication.", /not a bot.*network\.ytdlp_cookies.*--cookies FILE/],
  ['403', 'ERROR: unable to download video data: HTTP Error 403: Forbidden', /HTTP 403.*out of date.*pip install -U yt-dlp/],
  ['private', 'ERROR: [youtube] abc: Private video. Sign in if you\'ve been granted access to this video', /private.*make it public or unlisted.*network\.ytdlp_cookies/],
  ['removed', 'ERROR: [youtube] abc: Video unavailable. This video has been removed by the uploader', /no longer available.*check the link in a browser/],
  ['geo', 'ERROR: [youtube] abc: The uploader has not made this video available in your country', /not available from this server's country.*upload the file/],
  ['network', 'ERROR: [youtube] abc: Unable to download webpage: <urlopen error [Errno -3] Temporary failure in name resolution>', /could not import .*name resolution.*check this server's internet connection/],
];

describe('what a failed yt-dlp run says', () => {
  it.each(CASES)('%s: one line that says what to do', async (name, stderr, expected) => {
    const err = await importWithYtDlp(URL_, mkdtempSync(join(dir, 'job-')), { bin: fake(name.replace(/\W/g, '_'), stderr) }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(YtDlpError);
    const message = (err as YtDlpError).message;
    expect(message).toMatch(expected);
    expect(message).not.toMatch(/\n/);
    expect((err as YtDlpError).transient).toBe(name === 'network');
  });

  it('names an old yt-dlp and how to get a current one', async () => {
    const err = (await importWithYtDlp(URL_, mkdtempSync(join(dir, 'job-')), { bin: fake('old', 'ERROR: [youtube] abc: Sign in to confirm you are not a bot') }).catch((e: unknown) => e)) as Error;
    expect(err.message).toMatch(/this yt-dlp \(2023\.03\.04\) is \d+ days old .*pip install -U yt-dlp/);
    expect(staleVersionHint('2026.11.01', Date.UTC(2026, 10, 26))).toBeUndefined();
    expect(staleVersionHint('2023.03.04', Date.UTC(2026, 10, 26))).toMatch(/1363 days old/);
  });
});

describe('cookies and the job error', () => {
  let d: TestDaemon;
  const cookies = join(dir, 'cookies.txt');
  beforeAll(async () => {
    writeFileSync(cookies, '# Netscape HTTP Cookie File\n.youtube.com\tTRUE\t/\tTRUE\t0\tSID\tsecret\n');
    // Prints the cookies it was given, then fails like a bot check.
    const bin = join(dir, 'cookie-yt-dlp');
    writeFileSync(bin, `#!/bin/sh\nif [ "$1" = "--version" ]; then echo 2023.03.04; exit 0; fi\nif [ "$1" = "--cookies" ]; then cp "$2" ${join(dir, 'seen-cookies.txt')}; fi\necho "ERROR: Sign in to confirm you're not a bot" >&2\nexit 1\n`);
    chmodSync(bin, 0o755);
    d = await startTestDaemon({ settings: { network: { ytdlp_cookies: cookies }, pipeline: { yt_dlp_path: bin } } });
    d.app.stages.current = fakeStages();
  });
  afterAll(async () => {
    await d.stop();
  });

  it('hands network.ytdlp_cookies to yt-dlp (a copy) and ends a bot check in error at once, in one line', async () => {
    const r = await d.call('POST', '/v1/clips', { auth: `Key ${await d.apiKey()}`, body: { source: { url: URL_ } } });
    expect(r.status).toBe(202);
    await d.processAll();
    const job = await d.app.clipJobs.view(d.rootTeamId, r.body.job_id);
    expect(job.status).toBe('error');
    expect(job.error).toMatch(/^The video platform asked yt-dlp to prove it is not a bot/);
    expect(job.error).not.toMatch(/\n/);
    expect(readFileSync(join(dir, 'seen-cookies.txt'), 'utf8')).toBe(readFileSync(cookies, 'utf8'));
  });
});
