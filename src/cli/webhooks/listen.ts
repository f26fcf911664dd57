import { ClientError } from '../../client/errors.js';
import type { CliContext } from '../context.js';
import { bearerOnly } from '../bearer-only.js';
import { usageError } from '../exit-codes.js';
import { formatTime } from '../output.js';
import { waitForStop } from '../wait-for-stop.js';
import { parseEventsOption } from './events-option.js';
import { ListenReceiver, type ReceivedEvent } from './listen-receiver.js';

export interface ListenOptions {
  forwardTo?: string;
  events?: string;
}

/**
 * `webhooks listen`: a loopback receiver registered as a temporary webhook, in the spirit of
 * `stripe listen`. Each delivery is verified, printed (a line on a terminal, the envelope as
 * one JSON line with --json) and, with --forward-to, passed on byte for byte. Ctrl-C or SIGTERM
 * deletes the registration before the receiver closes, so the daemon stops sending first.
 */
export async function run(opts: ListenOptions, ctx: CliContext, signal?: AbortSignal): Promise<void> {
  const events = parseEventsOption(opts.events);
  if (opts.forwardTo !== undefined && !/^https?:\/\/[^/]/.test(opts.forwardTo)) throw usageError('--forward-to must be an http:// or https:// URL');
  // Spec "Authentication", rule 4: an API key cannot register webhooks; say so before starting anything.
  const target = ctx.target();
  if (target.apiKey && !target.token) throw bearerOnly('clipper webhooks listen', 'register its temporary webhook');
  const client = await ctx.client();
  const receiver = new ListenReceiver({
    forwardTo: opts.forwardTo,
    onEvent: (e) => print(e, ctx),
    onRejected: (reason) => ctx.out.info(`rejected a delivery: ${reason}`),
  });
  const url = await receiver.start();
  let webhook: { id: string; secret: string };
  try {
    webhook = await client.webhooks.create({ url, events, description: 'clipper webhooks listen (temporary: deleted when it stops)' });
  } catch (e) {
    await receiver.close();
    // Issue 13, item 17: registering a webhook takes a bearer ID token (spec "Authentication", rule 4).
    if (e instanceof ClientError && e.status === 401 && /JWT/i.test(e.message)) throw bearerOnly('clipper webhooks listen', 'register its temporary webhook');
    throw e;
  }
  receiver.secret = webhook.secret;
  ctx.out.info(`Ready: receiving ${events.join(', ')} at ${url} as webhook ${webhook.id}${opts.forwardTo ? `, forwarding to ${opts.forwardTo}` : ''}.`);
  ctx.out.info(`Signing secret for this session: ${webhook.secret}`);
  ctx.out.info('Press Ctrl-C to stop.');

  await waitForStop(signal);
  try {
    await client.webhooks.delete(webhook.id);
    ctx.out.info(`Stopped; temporary webhook ${webhook.id} deleted.`);
  } catch (e) {
    ctx.out.info(`Stopped, but webhook ${webhook.id} could not be deleted (${(e as Error).message}): run \`clipper webhooks delete ${webhook.id}\`.`);
  } finally {
    await receiver.close();
  }
}

function print({ event, forwarded }: ReceivedEvent, ctx: CliContext): void {
  if (ctx.out.jsonMode) return void ctx.io.stdout.write(JSON.stringify(event) + '\n');
  const fields = Object.entries(event.data ?? {})
    .filter(([k]) => k !== 'team_id')
    .map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`)
    .join(' ');
  const fwd = forwarded ? `  -> ${forwarded.status ?? forwarded.error}` : '';
  ctx.out.line(`${formatTime(event.created)}  ${event.type.padEnd(24)}  ${event.id}  ${fields}${fwd}`);
}
