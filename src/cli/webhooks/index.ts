import type { Command } from 'commander';
import type { CliContext } from '../context.js';

const collect = (value: string, previous: string[] = []) => [...previous, value];

/** `webhooks create|list|delete|deliveries|listen|trigger|verify`. Registration only: each verb's module is imported when it runs. */
export function registerWebhookCommands(program: Command, ctx: CliContext): void {
  const wh = program.command('webhooks').description('webhook registrations, deliveries and a local listener (registering needs a bearer token)');
  wh.command('create')
    .description('register a webhook; prints its signing secret once')
    .requiredOption('--url <url>', 'https URL (http on loopback for the local daemon)')
    .requiredOption('--events <types>', 'comma-separated event types, or "*" for all')
    .option('--no-legacy-signature', 'do not send the legacy service-signature header')
    .option('--description <text>', 'what the webhook is for')
    .action(async (o) => (await import('./manage.js')).runCreate(o, ctx));
  wh.command('list').description('list webhooks').action(async () => (await import('./manage.js')).runList({}, ctx));
  wh.command('delete')
    .description('delete a webhook; pending deliveries are cancelled (asks first on a terminal)')
    .argument('<id>', 'webhook id')
    .option('-y, --yes', 'do not ask')
    .action(async (id: string, o: { yes?: boolean }) => (await import('./manage.js')).runDelete({ id, ...o }, ctx));
  wh.command('deliveries')
    .description("a webhook's deliveries: status, attempts, last answer")
    .argument('<id>', 'webhook id')
    .option('--status <status>', 'only pending, delivering, delivered, failed or cancelled')
    .option('--limit <n>', 'at most this many (1-100, default 20)')
    .option('--resend <delivery>', 'send this failed or delivered delivery again now')
    .action(async (id: string, o) => (await import('./manage.js')).runDeliveries({ id, ...o }, ctx));
  wh.command('listen')
    .description('receive events on a temporary loopback webhook, verify and print them')
    .option('--forward-to <url>', 'also POST each delivery, byte for byte with its signature headers, to this URL')
    .option('--events <types>', 'comma-separated event types, or "*"', '*')
    .action(async (o) => (await import('./listen.js')).run(o, ctx));
  wh.command('trigger')
    .description('make the daemon emit a sample event of TYPE for your team')
    .argument('<type>', 'event type, e.g. post.published')
    .action(async (type: string) => (await import('./trigger.js')).runTrigger({ type }, ctx));
  wh.command('verify')
    .description('check a delivery signature: body on stdin; exit 0 if valid, 1 if not')
    .option('--secret <secret>', 'signing secret (repeat while rotating; or CLIPPER_WEBHOOK_SECRET)', collect)
    .option('--header <value>', 'the service-signature-256 header value')
    .option('--tolerance <seconds>', 'allowed clock distance either way', '300')
    .action(async (o) => (await import('./verify.js')).runVerify(o, ctx));
}
