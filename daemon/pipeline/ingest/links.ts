import { request, type Agent, type Dispatcher } from 'undici';
import { basename } from 'node:path';
import { isPrivateHost, publicOnlyAgent } from '../../net/target-policy.js';

/**
 * Hosts whose links are pages of a video platform, imported with yt-dlp "the way the dashboard
 * imports one" (spec "POST /v1/clips", behaviour 1). A host matches itself and its subdomains.
 */
export const VIDEO_PLATFORM_HOSTS = [
  'youtube.com', 'youtu.be', 'youtube-nocookie.com', 'vimeo.com', 'twitch.tv', 'tiktok.com', 'dailymotion.com', 'dai.ly',
  'facebook.com', 'fb.watch', 'instagram.com', 'twitter.com', 'x.com', 'streamable.com', 'rumble.com', 'kick.com',
  'bilibili.com', 'loom.com', 'wistia.com', 'v.redd.it', 'reddit.com', 'soundcloud.com', 'odysee.com', 'bitchute.com',
];

export function isVideoPlatformUrl(url: URL, extraHosts: string[] = []): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  return [...VIDEO_PLATFORM_HOSTS, ...extraHosts].some((h) => host === h || host.endsWith(`.${h}`));
}

/** The folder a job is filed under when the link is a file: the file name at the end of the link. */
export function fileNameOfUrl(url: URL): string {
  let last = '';
  try {
    last = decodeURIComponent(basename(url.pathname));
  } catch {
    last = basename(url.pathname);
  }
  return cleanFolderName(last) || url.hostname;
}

/** Folder names are shown in lists: one line, no control characters, at most 200 characters. */
export function cleanFolderName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200);
}

export interface LinkPolicy {
  /** Hosted deployments refuse loopback, private and link-local targets (DESIGN.md). */
  allowPrivate: boolean;
}

/** A link that could not be fetched. `transient` ones (network, 5xx) may work on a retry. */
export class LinkError extends Error {
  constructor(message: string, readonly opts: { status?: number; transient?: boolean } = {}) {
    super(message);
  }
  get transient(): boolean {
    return this.opts.transient ?? (this.opts.status !== undefined && this.opts.status >= 500);
  }
}

/**
 * One HTTP request that follows up to 5 redirects by hand, so every hop is checked against the
 * policy (a public link must not redirect into the private network of a hosted deployment).
 */
export async function fetchFollowing(url: URL, opts: { method: 'GET' | 'HEAD'; headers?: Record<string, string>; signal?: AbortSignal; policy: LinkPolicy; timeoutMs?: number }): Promise<{ url: URL; res: Dispatcher.ResponseData }> {
  let current = url;
  for (let hop = 0; hop <= 5; hop++) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new LinkError(`${current.href} is not an http(s) link`);
    if (!opts.policy.allowPrivate && isPrivateHost(current.hostname)) throw new LinkError(`${current.host} is a loopback, private or link-local address, which this deployment does not download from`);
    const res = await request(current, {
      dispatcher: opts.policy.allowPrivate ? undefined : publicAgent(),
      method: opts.method,
      headers: { 'user-agent': 'clipper/0.1 (+video import)', ...opts.headers },
      signal: opts.signal,
      headersTimeout: opts.timeoutMs,
      bodyTimeout: opts.timeoutMs,
    });
    const location = res.headers.location;
    if (res.statusCode >= 300 && res.statusCode < 400 && typeof location === 'string') {
      discard(res.body);
      current = new URL(location, current);
      continue;
    }
    return { url: current, res };
  }
  throw new LinkError(`${url.href} redirects more than 5 times`);
}

let shared: Agent | undefined;
/** Connections of a hosted deployment's downloads: public addresses only, checked after DNS. */
const publicAgent = () => (shared ??= publicOnlyAgent());

/** Drops a response body we do not read (destroying it without a listener would throw). */
export function discard(body: Dispatcher.ResponseData['body']): void {
  body.on('error', () => {});
  body.destroy();
}

const HTML_TYPES = ['text/html', 'application/xhtml+xml'];

export interface LinkInspection {
  /** false when the server could not be reached in time: the download tries again later. */
  reachable: boolean;
  status?: number;
  contentType?: string;
  isWebPage: boolean;
}

/**
 * Asks the server what a link is before the job is accepted (spec behaviour 3: a web page is
 * refused up front with 400). HEAD first; servers that refuse HEAD get a one-byte ranged GET.
 * Anything that goes wrong within the short timeout leaves the verdict to the download.
 */
export async function inspectLink(url: URL, policy: LinkPolicy, timeoutMs = 4000): Promise<LinkInspection> {
  const signal = AbortSignal.timeout(timeoutMs);
  const ask = async (method: 'GET' | 'HEAD') => {
    const { res } = await fetchFollowing(url, { method, headers: method === 'GET' ? { range: 'bytes=0-0' } : {}, signal, policy, timeoutMs });
    discard(res.body);
    return res;
  };
  try {
    let res = await ask('HEAD');
    if (res.statusCode === 405 || res.statusCode === 501 || res.statusCode === 403) res = await ask('GET');
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() || undefined;
    const ok = res.statusCode < 400;
    return { reachable: true, status: res.statusCode, contentType, isWebPage: ok && !!contentType && HTML_TYPES.includes(contentType) };
  } catch {
    return { reachable: false, isWebPage: false };
  }
}
