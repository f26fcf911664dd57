import type { Command } from 'commander';
import type { CliContext } from './context.js';
import { registerDaemonCommands } from './daemon/index.js';
import { registerAuthCommands } from './auth/index.js';
import { registerAdminCommands } from './admin/index.js';
import { registerKeyCommands } from './keys/index.js';
import { registerWebhookCommands } from './webhooks/index.js';
import { registerPing } from './ping.js';
import { registerRenderCommands } from './renders/index.js';
import { registerPostCommands } from './posts/index.js';
import { registerPlatformCommands } from './platforms/index.js';
import { registerClipCommands } from './clips/index.js';
import { registerProfileCommands } from './profiles/index.js';
import * as api from './api.js';
import * as completion from './completion/index.js';
import * as doctor from './doctor/index.js';
import { registerModelCommands } from './models/index.js';
import { registerUploadCommands } from './uploads/index.js';
import * as watch from './watch/index.js';
import { registerWhoami } from './whoami.js';
import { registerOpen } from './open/index.js';
import { registerMcp } from './mcp/index.js';
import { addExamples } from './examples.js';

/**
 * Every command group; each lives in its own folder (resource/verb, as gh does). Issue 13, item 8:
 * `--help` lists them in the order people use them: the clip workflow first (clips, renders,
 * posts, uploads, watch, open), then connections and credentials, then the local daemon and tools.
 */
export function registerCommands(program: Command, ctx: CliContext): void {
  registerClipCommands(program, ctx);
  registerRenderCommands(program, ctx);
  registerPostCommands(program, ctx);
  registerUploadCommands(program, ctx);
  watch.register(program, ctx);
  registerOpen(program, ctx);
  registerPlatformCommands(program, ctx);
  registerWebhookCommands(program, ctx);
  registerKeyCommands(program, ctx);
  registerWhoami(program, ctx);
  registerPing(program, ctx);
  doctor.register(program, ctx);
  registerProfileCommands(program, ctx);
  registerDaemonCommands(program, ctx);
  registerAuthCommands(program, ctx);
  registerAdminCommands(program, ctx);
  registerModelCommands(program, ctx);
  api.register(program, ctx);
  registerMcp(program, ctx);
  completion.register(program, ctx);
  addExamples(program);
}
