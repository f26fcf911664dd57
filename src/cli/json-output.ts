import { usageError } from './exit-codes.js';

/**
 * `--json [fields]` and `--jq EXPR` (DESIGN.md "Second round": "every command takes --json
 * [fields] and --jq EXPR"; issue 13, item 7). Field selection works on every answer shape:
 * a resource (`{job_id, ...}`), a wrapped one (`{post: {...}}`, spec "single-post responses wrap
 * it under the key post") and a list (`{keys: [...]}`, `{jobs: [...], next_cursor}`), choosing
 * inside the resource or each item and keeping the wrapper. A field that is not there is a usage
 * error naming the valid ones.
 */
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => !!v && typeof v === 'object' && !Array.isArray(v);

/** Where the fields are chosen: the items of a list, the wrapped resource, or the object itself. */
function locate(data: unknown, fields: string[]): { kind: 'items' | 'wrapped' | 'self'; key?: string } {
  if (Array.isArray(data)) return { kind: 'items' };
  if (!isObj(data)) return { kind: 'self' };
  const keys = Object.keys(data);
  if (fields.every((f) => keys.includes(f))) return { kind: 'self' };
  const lists = keys.filter((k) => Array.isArray(data[k]));
  if (lists.length === 1) return { kind: 'items', key: lists[0] };
  if (keys.length === 1 && isObj(data[keys[0]])) return { kind: 'wrapped', key: keys[0] };
  return { kind: 'self' };
}

const pick = (o: unknown, fields: string[]) => (isObj(o) ? Object.fromEntries(fields.filter((f) => f in o).map((f) => [f, o[f]])) : o);

/** Picks `fields` from an answer; throws a usage error for a field the answer does not have. */
export function selectFields(data: unknown, fields: string[]): unknown {
  const at = locate(data, fields);
  const items = at.kind === 'items' ? ((at.key ? (data as Obj)[at.key] : data) as unknown[]) : undefined;
  const target = at.kind === 'wrapped' ? (data as Obj)[at.key!] : data;
  const valid = new Set<string>(items ? items.flatMap((i) => (isObj(i) ? Object.keys(i) : [])) : isObj(target) ? Object.keys(target) : []);
  // An empty list names no fields, so nothing can be checked against it.
  if (!(items && items.length === 0)) {
    const unknown = fields.filter((f) => !valid.has(f));
    if (unknown.length) {
      throw usageError(`unknown JSON field${unknown.length > 1 ? 's' : ''} ${unknown.map((f) => `"${f}"`).join(', ')}; this answer has: ${[...valid].sort().join(', ')}`);
    }
  }
  if (at.kind === 'items' && !at.key) return items!.map((i) => pick(i, fields));
  if (at.kind === 'items') return { ...(data as Obj), [at.key!]: items!.map((i) => pick(i, fields)) };
  if (at.kind === 'wrapped') return { [at.key!]: pick(target, fields) };
  return pick(data, fields);
}

/** The field list of `--json a,b` (empty for a bare `--json`). */
export const jsonFields = (json: boolean | string | undefined): string[] =>
  typeof json === 'string' ? json.split(',').map((s) => s.trim()).filter(Boolean) : [];

type JqRaw = (data: string | object, filter: string, flags?: string[]) => Promise<string>;
let jqRaw: Promise<JqRaw> | undefined;
/** jq itself, compiled to WebAssembly (the jq-wasm package), loaded only when --jq is given. */
const loadJq = (): Promise<JqRaw> => (jqRaw ??= import('jq-wasm').then((m) => ((m as { raw?: JqRaw }).raw ?? (m as unknown as { default: { raw: JqRaw } }).default.raw)));

/** jq's own message without the shell-quoting advice; compile errors are usage errors (exit 2). */
function jqError(e: unknown, expr: string): Error {
  const message = (e as Error).message.replace(/\s*\(Unix shell quoting issues\?\)/, '').trim();
  if (/compile error/.test(message)) return usageError(`--jq ${JSON.stringify(expr)} is not a valid jq program: ${message.split('\n')[0]}`, 'See the jq manual (https://jqlang.org/manual/); quote the program for your shell.');
  return Object.assign(new Error(`--jq ${JSON.stringify(expr)} failed on this answer: ${message}`), { name: 'JqError' });
}

/** Refuses a --jq program that does not compile before the command does anything. */
export async function checkJq(expr: string): Promise<void> {
  try {
    await (await loadJq())('null', expr, ['-r']);
  } catch (e) {
    const err = jqError(e, expr);
    if (err.name !== 'JqError') throw err; // a program that compiles may still fail on null
  }
}

/** Runs a --jq program over one answer; strings come out raw, as `jq -r` and `gh --jq` print them. */
export async function applyJq(value: unknown, expr: string): Promise<string> {
  try {
    const out = await (await loadJq())(JSON.stringify(value ?? null), expr, ['-r']);
    return out.endsWith('\n') || out === '' ? out : `${out}\n`;
  } catch (e) {
    throw jqError(e, expr);
  }
}
