import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import { usageError } from '../exit-codes.js';
import { bashScript } from './bash.js';
import { fishScript } from './fish.js';
import { zshScript } from './zsh.js';
import { completionTree } from './tree.js';

export const SHELLS = { bash: bashScript, zsh: zshScript, fish: fishScript } as const;
export type Shell = keyof typeof SHELLS;

export function parseShell(shell: string): Shell {
  if (!(shell in SHELLS)) throw usageError(`the shell must be one of ${Object.keys(SHELLS).join(', ')}, got "${shell}"`);
  return shell as Shell;
}

/** Prints the completion script of the running program, so new commands are always included. */
export async function run(opts: { shell: Shell; program: Command }, ctx: CliContext): Promise<void> {
  ctx.io.stdout.write(SHELLS[opts.shell](completionTree(opts.program)));
}

export function register(program: Command, ctx: CliContext): void {
  program
    .command('completion')
    .description('print a shell completion script (bash, zsh or fish)')
    .argument('<shell>', 'bash, zsh or fish')
    .action((shell: string) => run({ shell: parseShell(shell), program }, ctx));
}
