import { ClientError } from '../../client/errors.js';
import type { CheckResult, DoctorCheck, DoctorEnv } from './checks.js';
import { localCredentialCause } from './local-cause.js';

/** Any HTTP answer to an unauthenticated GET /v1/ping (401 included) means the service is there. */
export const serviceReachable: DoctorCheck = {
  id: 'service',
  title: 'API reachable',
  async run({ target, local, dataDir }: DoctorEnv): Promise<CheckResult> {
    try {
      const res = await fetch(`${target.baseUrl}/v1/ping`, { signal: AbortSignal.timeout(5000) });
      await res.body?.cancel();
      return { status: 'ok', detail: `${target.baseUrl} answers (${local ? 'local daemon' : 'hosted'})` };
    } catch (e) {
      const fix = local ? `Start the daemon: \`clipper daemon start\` (--data-dir ${dataDir}; see \`clipper daemon status\`).` : 'Check --base-url / the profile, and your network.';
      return { status: 'fail', detail: `${target.baseUrl} does not answer: ${((e as Error).cause as Error | undefined)?.message ?? (e as Error).message}`, fix };
    }
  },
};

const SOURCES = { flags: 'command-line flags', env: 'environment', profile: 'saved profile', 'local-daemon': 'local daemon data dir' };

/** GET /v1/ping with the credential the CLI would use (spec: any credential acts as its root team). */
export const credentialsValid: DoctorCheck = {
  id: 'credentials',
  title: 'credentials valid',
  async run({ ctx, target, results }: DoctorEnv): Promise<CheckResult> {
    if (results.get(serviceReachable.id)?.status === 'fail') return { status: 'skip', detail: 'the API is not reachable' };
    try {
      const ping = await (await ctx.client()).ping();
      return { status: 'ok', detail: `team ${ping.team_id} via ${ping.auth === 'jwt' ? 'ID token' : 'API key'} (from ${SOURCES[target.source]})` };
    } catch (e) {
      if (e instanceof ClientError && e.status === 0) return { status: 'skip', detail: 'the API is not reachable' };
      if (e instanceof ClientError && e.status === 401) {
        if (target.source === 'local-daemon') {
          const cause = localCredentialCause(target, ctx.env);
          return { status: 'fail', detail: `refused: ${e.message}: ${cause.detail}`, fix: cause.fix };
        }
        return { status: 'fail', detail: `refused: ${e.message} (from ${SOURCES[target.source]})`, fix: 'Run `clipper login`, or fix CLIPPER_API_KEY / CLIPPER_TOKEN.' };
      }
      return { status: 'fail', detail: (e as Error).message };
    }
  },
};
