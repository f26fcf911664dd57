import type { CliContext } from '../context.js';
import { parseEventsOption } from './events-option.js';
import { usageError } from '../exit-codes.js';

/** `webhooks trigger TYPE`: the daemon emits a sample event of TYPE for the team. */
export async function runTrigger(opts: { type: string }, ctx: CliContext): Promise<void> {
  const types = parseEventsOption(opts.type);
  if (types.length !== 1 || types[0] === '*') throw usageError('trigger takes exactly one event type');
  const type = types[0];
  const { event } = await (await ctx.client()).webhooks.trigger(type);
  ctx.out.data(event, () => ctx.out.info(`Triggered ${event.type} (${event.id}); registered webhooks of your team will receive it`));
}
