import { usageError } from './exit-codes.js';

/** `--limit N` of a list command (1..max, the server pages beyond that). */
export function parseLimit(value: string | undefined, max = 100): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > max) throw usageError(`--limit must be a whole number from 1 to ${max}, got ${value}`);
  return n;
}

/** `--status S` of a list command: one of the resource's states, checked before any request. */
export function parseStatus<S extends string>(value: string | undefined, statuses: readonly S[]): S | undefined {
  if (value === undefined) return undefined;
  if (!(statuses as readonly string[]).includes(value)) throw usageError(`--status must be one of ${statuses.join(', ')}, got ${value}`);
  return value as S;
}

/**
 * Follows `next_cursor` until `want` items are in hand (or the list ends): the server gives at
 * most 100 a page (DESIGN.md).
 */
export async function collectPages<T>(want: number, fetch: (limit: number, cursor?: string) => Promise<{ items: T[]; next_cursor: string | null }>): Promise<{ items: T[]; next_cursor: string | null }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetch(Math.min(100, want - items.length), cursor);
    items.push(...page.items);
    if (!page.next_cursor || items.length >= want) return { items, next_cursor: page.next_cursor };
    cursor = page.next_cursor;
  }
}
