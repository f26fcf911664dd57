import Table from 'cli-table3';

export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

/** Picks `fields` (comma-separated) from an object, or from each item of an array. */
export function selectFields(data: unknown, fields: string[]): unknown {
  const pick = (o: unknown) =>
    o && typeof o === 'object' ? Object.fromEntries(fields.filter((f) => f in (o as object)).map((f) => [f, (o as Record<string, unknown>)[f]])) : o;
  if (Array.isArray(data)) return data.map(pick);
  if (data && typeof data === 'object') {
    const entries = Object.entries(data as Record<string, unknown>);
    // A list answer like {keys: [...]}: select inside its items.
    if (entries.length === 1 && Array.isArray(entries[0][1]) && !fields.includes(entries[0][0])) return { [entries[0][0]]: (entries[0][1] as unknown[]).map(pick) };
  }
  return pick(data);
}

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Output rules (issue 7): data on stdout, messages on stderr; `--json` prints the API's JSON
 * and nothing else; colour and decoration only on a terminal without NO_COLOR.
 */
export class Output {
  constructor(private streams: Streams, private opts: { json: boolean | string; color: boolean }) {}

  get jsonMode(): boolean {
    return this.opts.json !== false && this.opts.json !== undefined;
  }

  get interactive(): boolean {
    return !!this.streams.stdout.isTTY && !this.jsonMode;
  }

  /** Prints data: JSON in --json mode (with field selection), else via `human`. */
  data(value: unknown, human?: () => void): void {
    if (this.jsonMode || !human) {
      const fields = typeof this.opts.json === 'string' ? this.opts.json.split(',').map((s) => s.trim()).filter(Boolean) : [];
      const out = fields.length ? selectFields(value, fields) : value;
      this.streams.stdout.write(JSON.stringify(out, null, this.streams.stdout.isTTY ? 2 : 0) + '\n');
      return;
    }
    human();
  }

  line(text: string): void {
    this.streams.stdout.write(text + '\n');
  }

  table<T>(rows: T[], columns: Column<T>[]): void {
    const table = new Table({ head: columns.map((c) => c.header), style: { head: this.opts.color ? ['bold'] : [], border: [] } });
    for (const row of rows) table.push(columns.map((c) => String(c.value(row) ?? '-')));
    this.line(rows.length ? table.toString() : '(none)');
  }

  /** A message for the person at the terminal: always stderr. */
  info(text: string): void {
    this.streams.stderr.write(text + '\n');
  }

  error(code: string, message: string, hint?: string): void {
    const red = (s: string) => (this.opts.color ? `\x1b[31m${s}\x1b[0m` : s);
    this.streams.stderr.write(`${red('error')} ${code}: ${message}\n`);
    if (hint) this.streams.stderr.write(`hint: ${hint}\n`);
  }
}
