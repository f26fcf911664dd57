// What a failed yt-dlp run means and what the person should do (issue 30, item 4: "every failure
// is a job `error` in one line that says what to do"). yt-dlp's stderr is matched against the
// messages video platforms give for each kind of failure.
import { execFile } from 'node:child_process';

export type YtDlpFailureKind = 'bot_check' | 'forbidden' | 'private' | 'removed' | 'geo' | 'sign_in' | 'network' | 'other';

const PATTERNS: [YtDlpFailureKind, RegExp][] = [
  ['bot_check', /not a bot|confirm you.re not a robot|captcha|unusual traffic/i],
  ['private', /private video|video is private|this video has been made private/i],
  ['geo', /available in your country|geo.?restrict|not available from your location|blocked it in your country/i],
  ['removed', /video unavailable|has been removed|no longer available|account .* terminated|does not exist|HTTP Error 404|deleted/i],
  ['sign_in', /sign in to confirm your age|age.restricted|members.only|login required|requires authentication|use --cookies|--cookies-from-browser/i],
  ['forbidden', /HTTP Error 403|403: Forbidden|\bForbidden\b/i],
  ['network', /unable to download webpage|connection refused|timed out|name or service not known|temporary failure in name resolution|network is unreachable|getaddrinfo|connection reset|no route to host|ssl|certificate/i],
];

const COOKIES = 'export the cookies of a signed-in browser session to a file (Netscape format) and set network.ytdlp_cookies to it, or pass --cookies FILE to clipper clips create';
const UPDATE = 'install a current yt-dlp (pip install -U yt-dlp, or the release binary from github.com/yt-dlp/yt-dlp/releases) and set pipeline.yt_dlp_path to it if it is not first on PATH';

/** Kind of failure in yt-dlp's stderr. */
export function classifyYtDlp(stderr: string): YtDlpFailureKind {
  return PATTERNS.find(([, re]) => re.test(stderr))?.[0] ?? 'other';
}

/** Whether retrying later can help (a network failure); the others fail the same way again. */
export const isTransient = (kind: YtDlpFailureKind): boolean => kind === 'network' || kind === 'other';

/** The one-line job error for a failure of `kind`; `why` is yt-dlp's own last error line; `old` says the yt-dlp is out of date. */
export function ytDlpMessage(kind: YtDlpFailureKind, url: string, why: string, old?: string): string {
  const stale = old ? `; ${old}` : '';
  switch (kind) {
    case 'bot_check':
      return `The video platform asked yt-dlp to prove it is not a bot (${url}): ${COOKIES}; then create the job again${stale}`;
    case 'forbidden':
      return `The video platform refused the download with HTTP 403 (${url}): this usually means yt-dlp is out of date, so ${UPDATE}; if the video needs a signed-in session, ${COOKIES}`;
    case 'private':
      return `This video is private (${url}): ask its owner to make it public or unlisted, or ${COOKIES}`;
    case 'removed':
      return `This video is no longer available on the platform, removed or deleted (${url}): check the link in a browser, or upload the file instead`;
    case 'geo':
      return `This video is not available from this server's country (${url}): run the job on a server where it plays, or download it yourself and upload the file`;
    case 'sign_in':
      return `This video needs a signed-in session (age check or members only) (${url}): ${COOKIES}`;
    case 'network':
      return `yt-dlp could not import ${url}: ${why}; check this server's internet connection, DNS and proxy, then create the job again`;
    default:
      return `yt-dlp could not import ${url}: ${why}${old ? `; ${old}` : '; if the link plays in a browser, a newer yt-dlp may read it'}`;
  }
}

/** yt-dlp versions are release dates; one older than this (days) is likely broken by platform changes. */
export const STALE_DAYS = 120;

/** "this yt-dlp (2023.03.04) is old: ..." when the version is older than STALE_DAYS, else undefined. */
export function staleVersionHint(version: string | undefined, now = Date.now()): string | undefined {
  const m = /^(\d{4})\.(\d{1,2})\.(\d{1,2})/.exec(version?.trim() ?? '');
  if (!m) return undefined;
  const released = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const days = Math.floor((now - released) / 86_400_000);
  return days > STALE_DAYS ? `this yt-dlp (${version!.trim()}) is ${days} days old and video platforms change often: ${UPDATE}` : undefined;
}

const versions = new Map<string, Promise<string | undefined>>();
/** `yt-dlp --version`, asked once per executable (undefined when it cannot run). */
export function ytDlpVersion(bin: string): Promise<string | undefined> {
  let v = versions.get(bin);
  if (!v) {
    v = new Promise((resolve) => execFile(bin, ['--version'], { timeout: 10_000 }, (err, stdout) => resolve(err ? undefined : String(stdout).trim().split('\n')[0])));
    versions.set(bin, v);
  }
  return v;
}
