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

/** Every command group; each lives in its own folder (resource/verb, as gh does). */
export function registerCommands(program: Command, ctx: CliContext): void {
  registerDaemonCommands(program, ctx);
  registerAuthCommands(program, ctx);
  registerAdminCommands(program, ctx);
  registerKeyCommands(program, ctx);
  registerWebhookCommands(program, ctx);
  registerPing(program, ctx);
  registerRenderCommands(program, ctx);
  registerPostCommands(program, ctx);
  registerPlatformCommands(program, ctx);
  registerClipCommands(program, ctx);
  registerProfileCommands(program, ctx);
  api.register(program, ctx);
  doctor.register(program, ctx);
  completion.register(program, ctx);
  registerModelCommands(program, ctx);
  registerUploadCommands(program, ctx);
  watch.register(program, ctx);
}
