import type { CliContext } from '../context.js';

/** The questions `clipper login` asks on a terminal; tests pass their own answers. */
export interface LoginPrompter {
  baseUrl(defaultUrl: string): Promise<string>;
  kind(): Promise<'api_key' | 'token'>;
  secret(kind: 'api_key' | 'token'): Promise<string>;
}

/**
 * @inquirer/prompts on the CLI's own streams; questions go to stderr so stdout stays data. The
 * package is loaded only when a question is asked: every other command starts faster.
 */
export function inquirerPrompter(ctx: CliContext): LoginPrompter {
  const streams = { input: ctx.io.stdin as NodeJS.ReadableStream, output: ctx.io.stderr as NodeJS.WritableStream };
  const load = () => import('@inquirer/prompts');
  return {
    baseUrl: async (def) => (await load()).input({ message: 'API base URL', default: def, validate: (v) => validUrl(v) || 'Enter an http:// or https:// URL' }, streams),
    kind: async () =>
      (await load()).select<'api_key' | 'token'>(
        {
          message: 'Authenticate with',
          choices: [
            { name: 'an API key (<secret>-<teamId>)', value: 'api_key' },
            { name: 'an ID token (JWT)', value: 'token' },
          ],
        },
        streams,
      ),
    secret: async (kind) => (await load()).password({ message: kind === 'api_key' ? 'API key' : 'ID token', mask: '*', validate: (v) => v.trim().length > 0 || 'Required' }, streams),
  };
}

export function validUrl(text: string): boolean {
  try {
    const u = new URL(text);
    return u.protocol === 'http:' || u.protocol === 'https:';
  } catch {
    return false;
  }
}
