import { EVENT_TYPES, isEventType } from '../../api/events.js';
import { usageError } from '../exit-codes.js';

/**
 * `--events a,b` or `--events '*'`: checked here against the 14 types so a typo is a usage error
 * before any request (the daemon checks again: other clients exist).
 */
export function parseEventsOption(raw: string | undefined): string[] {
  const list = (raw ?? '*').split(',').map((s) => s.trim()).filter(Boolean);
  if (!list.length) throw usageError('--events needs at least one event type, or "*"');
  if (list.includes('*')) return ['*'];
  const unknown = list.filter((t) => !isEventType(t));
  if (unknown.length) throw usageError(`Unknown event type${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')}`, `Event types: ${EVENT_TYPES.join(', ')}, or "*" for all`);
  return [...new Set(list)];
}
