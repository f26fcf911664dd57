import type { Sql } from './sql.js';

/**
 * A status change as a compare-and-set: `UPDATE table SET status = to, updated_at = now, fields...
 * WHERE <match> AND status IN (from)`. True when the row was in one of `from` and moved; false
 * when another writer moved it first, so two callers can never both win the same transition.
 * `table` and the keys of `match` and `fields` are code, never input.
 */
export async function moveStatus(
  db: Sql,
  table: string,
  match: Record<string, unknown>,
  from: readonly string[],
  to: string,
  now: number,
  fields: Record<string, unknown> = {},
): Promise<boolean> {
  const params: Record<string, unknown> = { to, now };
  const sets = Object.keys(fields).map((k) => ((params[`f_${k}`] = fields[k]), `, ${k} = @f_${k}`)).join('');
  const where = Object.keys(match).map((k) => ((params[`m_${k}`] = match[k]), `${k} = @m_${k}`)).join(' AND ');
  const marks = from.map((s, i) => ((params[`s${i}`] = s), `@s${i}`)).join(',');
  return await db.run(`UPDATE ${table} SET status = @to, updated_at = @now${sets} WHERE ${where} AND status IN (${marks})`, params) > 0;
}
