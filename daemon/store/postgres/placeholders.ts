/**
 * Rewrites a statement's `?` and `@name` placeholders into PostgreSQL's `$1, $2, ...`, skipping
 * quoted text, and orders the values to match. `@name` takes its value from one object.
 */
export function toNumbered(sql: string, params: readonly unknown[]): { text: string; values: unknown[] } {
  const named = params.length === 1 && isPlainObject(params[0]) ? (params[0] as Record<string, unknown>) : undefined;
  const values: unknown[] = [];
  const slots = new Map<string, number>();
  let text = '';
  let positional = 0;
  for (let i = 0; i < sql.length; i++) {
    const c = sql[i];
    if (c === "'" || c === '"') {
      const close = sql.indexOf(c, i + 1);
      const end = close < 0 ? sql.length : close;
      text += sql.slice(i, end + 1);
      i = end;
    } else if (c === '?' && !named) {
      values.push(params[positional++]);
      text += `$${values.length}`;
    } else if (c === '@' && named && /[A-Za-z_]/.test(sql[i + 1] ?? '')) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(i + 1))![0];
      if (!slots.has(name)) {
        if (!(name in named)) throw new Error(`no value for @${name}`);
        values.push(named[name]);
        slots.set(name, values.length);
      }
      text += `$${slots.get(name)}`;
      i += name.length;
    } else text += c;
  }
  return { text, values: values.map((v) => (typeof v === 'boolean' ? Number(v) : v)) };
}

function isPlainObject(v: unknown): boolean {
  return typeof v === 'object' && v !== null && Object.getPrototypeOf(v) === Object.prototype;
}
