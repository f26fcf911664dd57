import type { Command } from 'commander';
import type { CliContext } from '../context.js';

/**
 * `clipper mcp` (issue 18, item 3): a Model Context Protocol server over stdio. Registration only:
 * the MCP SDK loads when the command runs (test/cli/startup.test.ts keeps `--help` without it).
 */
export function registerMcp(program: Command, ctx: CliContext): void {
  program
    .command('mcp')
    .description("serve clipper's tools to an AI agent over the Model Context Protocol (stdio), with the current credentials")
    .action(async () => (await import('./server.js')).run(ctx));
}
