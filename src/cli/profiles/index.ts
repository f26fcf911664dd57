import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import type { parseLoginOptions } from './login.js';

/**
 * `login`, `logout` and `profiles list|use` (issue 7, profiles and credentials). Registration
 * only: the verbs (conf, prompts, the client) are imported when they run, so the CLI starts fast.
 */
export function registerProfileCommands(program: Command, ctx: CliContext): void {
  program
    .command('login')
    .description('save a base URL and credential as a profile, checked with /v1/ping')
    .option('--with-key', 'read an API key from stdin')
    .option('--with-token', 'read an ID token from stdin')
    .addHelpText('after', '\nUse the global --profile NAME (or CLIPPER_PROFILE) to name the profile, default "default", and --base-url for the API.')
    .action(async () => {
      const login = await import('./login.js');
      const g = ctx.globals as Parameters<typeof parseLoginOptions>[0];
      return login.run(login.parseLoginOptions({ ...g, profile: g.profile ?? ctx.env.CLIPPER_PROFILE }), ctx);
    });
  program
    .command('logout')
    .description('remove a saved profile and its credential (the current one, or --profile NAME)')
    .action(async () => (await import('./logout.js')).run({ profile: ctx.globals.profile }, ctx));
  const profiles = program.command('profiles').description('saved profiles (base URL and credential) made by `clipper login`');
  profiles.command('list').description('list saved profiles; secrets are masked').action(async () => (await import('./list.js')).runList({}, ctx));
  profiles
    .command('use')
    .description('make a saved profile the current one')
    .argument('<name>', 'profile name')
    .action(async (name: string) => (await import('./list.js')).runUse({ name }, ctx));
}
