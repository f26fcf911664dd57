import { ClipperClient } from '../../client/client.js';
import { ClientError } from '../../client/errors.js';
import { defaultDataDir } from '../local-daemon.js';
import type { CliContext } from '../context.js';
import { localDaemonUrl } from '../credentials.js';
import { CliError, EXIT, usageError } from '../exit-codes.js';
import { ProfileStore, type Profile } from '../profiles.js';
import { readStdin } from '../stdin.js';
import { inquirerPrompter, validUrl, type LoginPrompter } from './prompts.js';

export interface LoginOptions {
  profile: string;
  baseUrl?: string;
  /** Read an API key from stdin. */
  withKey?: boolean;
  /** Read an ID token from stdin. */
  withToken?: boolean;
  /** A secret given with the global --api-key / --token flags. */
  apiKey?: string;
  token?: string;
}

export const PROFILE_NAME = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

export function parseLoginOptions(g: { profile?: string; baseUrl?: string; withKey?: boolean; withToken?: boolean; apiKey?: string; token?: string }): LoginOptions {
  const profile = g.profile ?? 'default';
  if (!PROFILE_NAME.test(profile)) throw usageError(`--profile must be 1-64 letters, digits, '.', '_' or '-', got "${profile}"`);
  if (g.withKey && g.withToken) throw usageError('give either --with-key or --with-token, not both');
  if (g.baseUrl !== undefined && !validUrl(g.baseUrl)) throw usageError(`--base-url must be an http:// or https:// URL, got "${g.baseUrl}"`);
  return { profile, baseUrl: g.baseUrl, withKey: g.withKey, withToken: g.withToken, apiKey: g.apiKey, token: g.token };
}

/**
 * `clipper login`: asks (on a terminal) or reads (stdin) a base URL and a credential, checks
 * them with GET /v1/ping, and saves them as a profile that becomes the current one.
 */
export async function run(opts: LoginOptions, ctx: CliContext, prompter: LoginPrompter = inquirerPrompter(ctx)): Promise<void> {
  const piped = opts.withKey || opts.withToken;
  const prompting = !piped && !opts.apiKey && !opts.token;
  if (prompting && !ctx.interactive) {
    throw usageError('not on a terminal (or --no-input): pipe the secret on stdin with --with-key or --with-token', 'echo "$CLIPPER_API_KEY" | clipper login --base-url URL --with-key');
  }
  const fallbackUrl = ctx.env.CLIPPER_BASE_URL ?? localDaemonUrl(defaultDataDir(ctx.env));
  const baseUrl = (opts.baseUrl ?? (prompting ? await prompter.baseUrl(fallbackUrl) : fallbackUrl)).replace(/\/+$/, '');
  if (!validUrl(baseUrl)) throw usageError(`the base URL must be an http:// or https:// URL, got "${baseUrl}"`);

  let kind: 'api_key' | 'token';
  let secret: string;
  if (piped) {
    kind = opts.withKey ? 'api_key' : 'token';
    secret = await readStdin(ctx.io.stdin);
    if (!secret) throw usageError(`no ${kind === 'api_key' ? 'API key' : 'ID token'} on stdin`);
  } else if (opts.apiKey || opts.token) {
    kind = opts.token ? 'token' : 'api_key';
    secret = (opts.token ?? opts.apiKey)!;
  } else {
    kind = await prompter.kind();
    secret = (await prompter.secret(kind)).trim();
  }

  const profile: Profile = { base_url: baseUrl, ...(kind === 'api_key' ? { api_key: secret } : { token: secret }) };
  const ping = await check(profile);
  new ProfileStore(ctx.env).save(opts.profile, { ...profile, team_id: ping.team_id });
  const result = { profile: opts.profile, base_url: baseUrl, team_id: ping.team_id, auth: ping.auth };
  ctx.out.data(result, () => ctx.out.info(`Logged in to ${baseUrl} as team ${ping.team_id}; saved as profile "${opts.profile}" (now current).`));
}

/** GET /v1/ping with the new credential only (nothing from env or other profiles). */
async function check(p: Profile) {
  const client = new ClipperClient({ baseUrl: p.base_url, apiKey: p.api_key, token: p.token, maxRetries: 1, backoffMs: 200 });
  try {
    return await client.ping();
  } catch (e) {
    if (e instanceof ClientError && e.status === 401) {
      throw new CliError(EXIT.AUTH, `${p.base_url} refused the credential: ${e.message}`, 'Check that you pasted the whole key or token, and that it was made for this service.', e.code);
    }
    throw e;
  }
}
