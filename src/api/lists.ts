// Paged lists of the extension endpoints (DESIGN.md "Second round": GET /v1/clips takes
// `status`, `limit` (1-100, default 20) and `cursor`; newest first; `next_cursor`). One shape
// for every list: the cursor is opaque to clients (it names the last item of the page).
import { z } from 'zod';

export const LIST_LIMIT_MAX = 100;
export const LIST_LIMIT_DEFAULT = 20;

/** Where a page starts: after this item in newest-first order. */
export interface PageAfter {
  created_at: number;
  id: string;
}

// base64url by hand: this module is also bundled for the browser, which has no Buffer.
const toBase64url = (text: string): string =>
  btoa(String.fromCharCode(...new TextEncoder().encode(text))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const fromBase64url = (b64: string): string =>
  new TextDecoder().decode(Uint8Array.from(atob(b64.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)));

export const encodeCursor = (after: PageAfter): string => toBase64url(JSON.stringify([after.created_at, after.id]));

export function decodeCursor(cursor: string): PageAfter | undefined {
  try {
    const [created_at, id] = JSON.parse(fromBase64url(cursor)) as [unknown, unknown];
    return typeof created_at === 'number' && typeof id === 'string' ? { created_at, id } : undefined;
  } catch {
    return undefined;
  }
}

/** `?status=&limit=&cursor=` of a list whose items have one of `statuses`. */
export function listQuerySchema<S extends readonly [string, ...string[]]>(statuses: S) {
  return z.strictObject({
    status: z.enum(statuses, { message: `status must be one of ${statuses.join(', ')}` }).optional(),
    limit: z.coerce
      .number({ message: 'limit must be a whole number' })
      .int('limit must be a whole number')
      .min(1, `limit must be from 1 to ${LIST_LIMIT_MAX}`)
      .max(LIST_LIMIT_MAX, `limit must be from 1 to ${LIST_LIMIT_MAX}`)
      .default(LIST_LIMIT_DEFAULT),
    cursor: z
      .string()
      .transform((c, ctx) => decodeCursor(c) ?? (ctx.addIssue({ code: 'custom', message: 'cursor is not one this server gave (use next_cursor as it came)' }), z.NEVER))
      .optional(),
  });
}

/** The page of `rows` (asked for limit + 1, to know whether more follow) and its next cursor. */
export function pageOf<T>(rows: T[], limit: number, key: (row: T) => PageAfter): { items: T[]; next_cursor: string | null } {
  const items = rows.slice(0, limit);
  return { items, next_cursor: rows.length > limit ? encodeCursor(key(items[items.length - 1])) : null };
}
