// The bundle's entry (dist/cli.js, run by bin/clipper and the single executable). It answers
// `clipper --version` itself and loads the program (commander and every command's registration)
// only for everything else: a version check in a script should cost no more than starting Node.
import type { CliIO } from './context.js';
import { versionLine } from './version.js';

/** Runs the CLI and returns its exit code; same contract as main() in main.ts. */
export async function main(argv: string[], io?: Partial<CliIO>): Promise<number> {
  const args = argv.slice(2);
  // The version, the commit and the migration level (issue 31, item 5); main.ts gives commander the same line.
  if (args.length === 1 && (args[0] === '--version' || args[0] === '-v')) {
    (io?.stdout ?? process.stdout).write(`${versionLine()}\n`);
    return 0;
  }
  return (await import('./main.js')).main(argv, io);
}
