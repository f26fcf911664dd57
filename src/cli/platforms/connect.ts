import { createInterface } from 'node:readline';
import { PLATFORMS, type Platform } from '../../api/events.js';
import { OAUTH_CONNECTORS, isOAuthConnector, type OAuthConnectorName, type PlatformConnection } from '../../api/platforms.js';
import type { CliContext } from '../context.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { parseDuration } from '../wait.js';
import { openBrowser } from './browser.js';
import { startLoopback } from './loopback.js';

export interface ConnectOptions {
  platform: string;
  connector?: string;
  account?: string;
  /** key=value pairs for the connector (api_base_url, post_mode, privacy_status...). */
  setting?: string[];
  clientId?: string;
  clientSecret?: string;
  /** false with --no-browser: print the URL and take the pasted code (or redirect URL). */
  browser?: boolean;
  port?: string;
  redirectUri?: string;
  timeout?: string;
}

/**
 * `clipper platforms connect PLATFORM [--connector C] ...` (DESIGN.md "Second round"; needs a
 * bearer token). The platforms' own connectors (youtube, tiktok, instagram, linkedin) connect with
 * OAuth 2.0 (issue 15, item 1): the daemon starts the authorization with PKCE, the browser shows
 * the platform's consent page, and the code comes back to a loopback listener here; with
 * `--no-browser` the URL is printed and the code (or the whole redirect URL) can be pasted.
 * The app's client id and secret come from --client-id / --client-secret, else
 * CLIPPER_<CONNECTOR>_CLIENT_ID / _CLIENT_SECRET, else the daemon's `oauth.*` settings.
 */
export async function runConnect(opts: ConnectOptions, ctx: CliContext): Promise<void> {
  if (!(PLATFORMS as readonly string[]).includes(opts.platform)) throw usageError(`PLATFORM must be one of ${PLATFORMS.join(', ')}`);
  const platform = opts.platform as Platform;
  const settings: Record<string, string> = {};
  for (const pair of opts.setting ?? []) {
    const eq = pair.indexOf('=');
    if (eq < 1) throw usageError(`--setting takes key=value, got "${pair}"`);
    settings[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  const connector = opts.connector ?? 'local';
  const record = isOAuthConnector(connector)
    ? await connectOAuth(ctx, { ...opts, platform, connector }, settings)
    : await (await ctx.client()).platforms.connect({ platform, connector, account_name: opts.account, settings });
  ctx.out.data(record, () => ctx.out.info(`${record.platform} connected with the ${record.connector} connector as ${record.account_name}; new previews get a draft for it`));
}

async function connectOAuth(ctx: CliContext, opts: ConnectOptions & { platform: Platform; connector: OAuthConnectorName }, settings: Record<string, string>): Promise<PlatformConnection> {
  const { platform, connector } = opts;
  if (OAUTH_CONNECTORS[connector] !== platform) throw usageError(`The ${connector} connector publishes to ${OAUTH_CONNECTORS[connector]}, not ${platform}`);
  const port = opts.port === undefined ? undefined : Number(opts.port);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) throw usageError(`--port must be a port number, got "${opts.port}"`);
  const timeoutMs = parseDuration(opts.timeout ?? '10m', '--timeout');
  const env = (name: string) => ctx.env[`CLIPPER_${connector.toUpperCase()}_${name}`] || undefined;
  const client = await ctx.client();
  const loopback = await startLoopback({ redirectUri: opts.redirectUri, port });
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(new CliError(EXIT.TIMEOUT, `No authorization came back within ${opts.timeout ?? '10m'}`, 'Run the command again; finish the consent page in time, or paste the code with --no-browser.', 'TIMEOUT')), timeoutMs);
  try {
    const started = await client.platforms.authorize({
      platform, connector, redirect_uri: loopback.redirectUri, settings,
      client_id: opts.clientId ?? env('CLIENT_ID'), client_secret: opts.clientSecret ?? env('CLIENT_SECRET'),
    });
    const opened = opts.browser !== false && (await openBrowser(started.authorization_url, ctx.env));
    if (opened) ctx.out.info(`Opened the ${connector} consent page in your browser. If it did not open, visit:\n${started.authorization_url}`);
    else ctx.out.info(`Open this address in a browser, allow access, then come back (or paste the code, or the address the browser was sent to, here):\n${started.authorization_url}`);
    const waits = [loopback.code(started.state, abort.signal)];
    if (!opened) waits.push(pasted(ctx.io.stdin, started.state, abort.signal));
    const code = await Promise.race(waits);
    abort.abort(new Error('done'));
    return await client.platforms.connect({ platform, connector, account_name: opts.account, authorization: { state: started.state, code } });
  } finally {
    clearTimeout(timer);
    if (!abort.signal.aborted) abort.abort(new Error('done'));
    await loopback.close();
  }
}

/**
 * The first non-empty line on stdin: a bare code, or the redirect URL the browser was sent to
 * (its `state` must be this authorization's). Never settles when stdin ends with nothing.
 */
function pasted(stdin: NodeJS.ReadableStream, state: string, signal: AbortSignal): Promise<string> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: stdin, terminal: false });
    const stop = () => lines.close();
    signal.addEventListener('abort', stop, { once: true });
    lines.on('line', (line) => {
      const text = line.trim();
      if (!text) return;
      stop();
      if (!/^https?:\/\//.test(text)) return resolve(text);
      const url = new URL(text);
      const code = url.searchParams.get('code');
      if (url.searchParams.get('state') !== state) return reject(usageError('The pasted address belongs to another authorization (its state differs); paste the one of this run'));
      if (!code) return reject(new CliError(EXIT.ERROR, `The platform did not authorize clipper: ${url.searchParams.get('error_description') ?? url.searchParams.get('error') ?? 'no code in the address'}`, undefined, 'OAUTH_DENIED'));
      resolve(code);
    });
  });
}
