import type { Command } from 'commander';
import type { CliContext } from '../context.js';
import * as login from './login.js';
import * as logout from './logout.js';
import * as list from './list.js';

/** `login`, `logout` and `profiles list|use` (issue 7, profiles and credentials). */
export function registerProfileCommands(program: Command, ctx: CliContext): void {
  for (const verb of [login, logout, list]) verb.register(program, ctx);
}
