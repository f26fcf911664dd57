import type { CliContext } from './context.js';
import { CliError, EXIT } from './exit-codes.js';

/**
 * Destructive verbs (`webhooks delete`, `platforms disconnect`, `keys revoke`) ask first on a
 * terminal (issue 13, item 16); `--yes` skips the question. Scripts, pipes, --no-input and --json
 * never get a prompt: they asked for the action by running it.
 */
export async function confirmDestructive(ctx: CliContext, question: string, yes: boolean | undefined): Promise<void> {
  if (yes || !ctx.interactive) return;
  const { confirm } = await import('@inquirer/prompts');
  const ok = await confirm({ message: question, default: false }, { input: ctx.io.stdin, output: ctx.io.stderr });
  if (!ok) throw new CliError(EXIT.ERROR, 'stopped: nothing was changed', 'Add --yes to skip the question.', 'DECLINED');
}
