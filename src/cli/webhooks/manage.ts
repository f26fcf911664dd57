import type { CliContext } from '../context.js';
import { formatTime } from '../output.js';
import { usageError } from '../exit-codes.js';
import { DELIVERY_STATUSES } from '../../api/webhooks.js';
import { parseEventsOption } from './events-option.js';
import { confirmDestructive } from '../confirm.js';

/** `webhooks create|list|delete|deliveries`: registrations of the team (bearer token only). */
export async function runCreate(opts: { url: string; events: string; legacySignature?: boolean; description?: string }, ctx: CliContext): Promise<void> {
  const events = parseEventsOption(opts.events);
  const created = await (await ctx.client()).webhooks.create({
    url: opts.url,
    events,
    ...(opts.legacySignature === false ? { legacy_signature: false } : {}),
    ...(opts.description ? { description: opts.description } : {}),
  });
  ctx.out.data(created, () => {
    ctx.out.line(created.secret);
    ctx.out.info(`Webhook ${created.id} created for ${created.url} (${created.events.join(', ')}).`);
    ctx.out.info('The signing secret above is shown only once: store it now. Check deliveries with `clipper webhooks verify`.');
  });
}

export async function runList(_opts: object, ctx: CliContext): Promise<void> {
  const res = await (await ctx.client()).webhooks.list();
  ctx.out.data(res, () =>
    ctx.out.table(res.webhooks, [
      { header: 'ID', value: (w) => w.id },
      { header: 'URL', value: (w) => w.url },
      { header: 'EVENTS', value: (w) => w.events.join(',') },
      { header: 'LEGACY SIG', value: (w) => (w.legacy_signature ? 'yes' : 'no') },
      { header: 'CREATED', value: (w) => formatTime(w.created_at) },
    ]),
  );
}

export async function runDelete(opts: { id: string; yes?: boolean }, ctx: CliContext): Promise<void> {
  await confirmDestructive(ctx, `Delete webhook ${opts.id}? Its pending deliveries are cancelled.`, opts.yes);
  const res = await (await ctx.client()).webhooks.delete(opts.id);
  ctx.out.data(res, () => ctx.out.info(`Webhook ${opts.id} deleted; it gets no further deliveries`));
}

export async function runDeliveries(opts: { id: string; status?: string; limit?: string; resend?: string }, ctx: CliContext): Promise<void> {
  if (opts.resend !== undefined) {
    if (opts.status !== undefined || opts.limit !== undefined) throw usageError('--resend takes no --status or --limit');
    const { delivery } = await (await ctx.client()).webhooks.resend(opts.id, opts.resend);
    ctx.out.data({ delivery }, () => ctx.out.info(`delivery ${delivery.id} (${delivery.event_type ?? 'event'}) will be sent again now, with fresh retries`));
    return;
  }
  const status = opts.status as (typeof DELIVERY_STATUSES)[number] | undefined;
  if (status && !DELIVERY_STATUSES.includes(status)) throw usageError(`--status must be one of ${DELIVERY_STATUSES.join(', ')}`);
  const limit = opts.limit === undefined ? undefined : Number(opts.limit);
  if (limit !== undefined && !(Number.isInteger(limit) && limit >= 1 && limit <= 100)) throw usageError('--limit must be a whole number from 1 to 100');
  const res = await (await ctx.client()).webhooks.deliveries(opts.id, { status, limit });
  ctx.out.data(res, () =>
    ctx.out.table(res.deliveries, [
      { header: 'EVENT', value: (x) => x.event_id },
      { header: 'TYPE', value: (x) => x.event_type },
      { header: 'STATUS', value: (x) => x.status },
      { header: 'ATTEMPTS', value: (x) => x.attempts },
      { header: 'LAST', value: (x) => (x.last_status_code ?? x.last_error ?? '-') },
      { header: 'NEXT', value: (x) => formatTime(x.next_attempt_at) },
    ]),
  );
}
