import { Command, CommanderError } from 'commander';
import { CliContext, type CliIO } from './context.js';
import { describeError, EXIT } from './exit-codes.js';
import { registerCommands } from './commands.js';
import { VERSION } from './version.js';

/** Builds the whole program around one context (tests build their own with other streams). */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('clipper')
    .description('Turn long videos into scored short clips, render them and publish them.')
    .version(VERSION, '-v, --version')
    .option('--json [fields]', 'print JSON on stdout (optionally only these comma-separated fields)')
    .option('--profile <name>', 'use a saved profile')
    .option('--base-url <url>', 'API base URL (default: the local daemon)')
    .option('--api-key <key>', 'API key (<secret>-<teamId>)')
    .option('--token <jwt>', 'bearer ID token')
    .option('--no-input', 'never prompt; fail instead')
    .option('--no-color', 'no colour in messages')
    .showHelpAfterError()
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
    });
  program.hook('preAction', (_root, action) => {
    ctx.globals = action.optsWithGlobals();
  });
  registerCommands(program, ctx);
  return program;
}

/** Runs the CLI and returns its exit code (bin/clipper sets process.exitCode from it). */
export async function main(argv: string[], io?: Partial<CliIO>): Promise<number> {
  const ctx = new CliContext({
    stdout: io?.stdout ?? process.stdout,
    stderr: io?.stderr ?? process.stderr,
    stdin: io?.stdin ?? process.stdin,
    env: io?.env ?? process.env,
  });
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(argv);
    return ctx.exitCode;
  } catch (e) {
    if (e instanceof CommanderError) {
      if (e.code === 'commander.helpDisplayed' || e.code === 'commander.version' || e.code === 'commander.help') return EXIT.OK;
      return EXIT.USAGE;
    }
    const d = describeError(e);
    ctx.out.error(d.code, d.message, d.hint);
    return d.exitCode;
  }
}
