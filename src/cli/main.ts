import { Command, CommanderError } from 'commander';
import { normalizeJsonFlag } from './argv.js';
import { CliContext, type CliIO } from './context.js';
import { describeError, EXIT } from './exit-codes.js';
import { registerCommands } from './commands.js';
import { versionLine } from './version.js';

/** Builds the whole program around one context (tests build their own with other streams). */
export function buildProgram(ctx: CliContext): Command {
  const program = new Command('clipper')
    .description('Turn long videos into scored short clips, render them and publish them.')
    .version(versionLine(), '-v, --version')
    .option('--json [fields]', 'print JSON on stdout (optionally only these comma-separated fields)')
    .option('--jq <expr>', 'print JSON filtered by this jq program (strings printed raw), e.g. --jq .job_id')
    .option('--profile <name>', 'use a saved profile')
    .option('--base-url <url>', 'API base URL (default: the local daemon)')
    .option('--api-key <key>', 'API key (<secret>-<teamId>)')
    .option('--token <jwt>', 'bearer ID token')
    .option('--no-input', 'never prompt; fail instead')
    .option('--no-color', 'no colour in messages')
    // Issue 13, item 8: a mistyped command gets commander's "(Did you mean ...?)" and a pointer
    // to the help, not the whole help.
    .showHelpAfterError("(run 'clipper help' for the commands, or add --help to any of them)")
    .exitOverride()
    .configureOutput({
      writeOut: (s) => ctx.io.stdout.write(s),
      writeErr: (s) => ctx.io.stderr.write(s),
    });
  program.hook('preAction', async (_root, action) => {
    ctx.globals = action.optsWithGlobals();
    // A --jq program that does not compile is refused before the command does anything.
    if (ctx.globals.jq !== undefined) await (await import('./json-output.js')).checkJq(ctx.globals.jq);
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
  return runProgram(ctx, argv);
}

/** Parses and runs one command line in a given context; every error is mapped here, once. */
export async function runProgram(ctx: CliContext, argv: string[]): Promise<number> {
  const program = buildProgram(ctx);
  try {
    await program.parseAsync(normalizeJsonFlag(argv, program));
    await ctx.flushOutput();
    return ctx.exitCode;
  } catch (e) {
    // Commander already printed its message (and help) on stderr. `--help` and `--version`
    // succeed; everything else it reports (unknown command or option, missing argument, a group
    // called without its verb) is a usage error.
    if (e instanceof CommanderError) return e.exitCode === 0 ? EXIT.OK : EXIT.USAGE;
    const d = describeError(e);
    ctx.out.error(d.code, d.message, d.hint);
    return d.exitCode;
  }
}
