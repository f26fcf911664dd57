import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/** `clipper open CLIP_ID` (DESIGN.md "Second round"; issue 13, item 4). Registration only. */
export function registerOpen(program: Command, ctx: CliContext): void {
  program
    .command('open')
    .description("open a clip's editor page in the browser, already signed in (a one-time link)")
    .argument('[clip]', 'clip id (default: the dashboard of your jobs, /app)')
    .option('--print', 'print the one-time link instead of opening a browser')
    .action(async (clipId: string | undefined, o: { print?: boolean }) => (await import('./run.js')).run({ clipId, ...o }, ctx));
}
