import Table from 'cli-table3';
import { applyJq, jsonFields, selectFields } from './json-output.js';

export interface Streams {
  stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

export interface Column<T> {
  header: string;
  value: (row: T) => unknown;
}

export function formatTime(ms: number | null | undefined): string {
  if (ms === null || ms === undefined) return '-';
  const d = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/**
 * Where JSON answers go: field selection, then `--jq` (asynchronous: jq runs as WebAssembly), in
 * the order they were printed. One per command run (CliContext owns it); runProgram flushes it.
 */
export class JsonSink {
  private chain: Promise<void> = Promise.resolve();
  constructor(private stdout: Streams['stdout'], private json: boolean | string | undefined, private jq: string | undefined) {}

  write(value: unknown): void {
    const fields = jsonFields(this.json);
    const out = fields.length ? selectFields(value, fields) : value;
    if (this.jq === undefined) {
      this.stdout.write(JSON.stringify(out, null, this.stdout.isTTY ? 2 : 0) + '\n');
      return;
    }
    const expr = this.jq;
    this.chain = this.chain.then(async () => void this.stdout.write(await applyJq(out, expr)));
  }

  /** Waits for the --jq output in flight; rejects with its error. */
  flush(): Promise<void> {
    return this.chain;
  }
}

/** Shortens a cell to `width` characters with an ellipsis (issue 13, item 6). */
export const clip = (text: string, width: number) => (text.length <= width ? text : `${text.slice(0, Math.max(0, width - 1))}…`);

/**
 * Column content widths that fit `available` characters of a boxed table (each column costs its
 * content plus 3 for padding and border, plus 1 for the last border): the widest column gives a
 * character at a time, none below the width of "ab…".
 */
export function fitWidths(natural: number[], available: number): number[] {
  const widths = [...natural];
  const total = () => widths.reduce((s, w) => s + w + 3, 1);
  while (total() > available) {
    const widest = widths.indexOf(Math.max(...widths));
    if (widths[widest] <= 3) break;
    widths[widest]--;
  }
  return widths;
}

/**
 * Output rules (issue 7; issue 13, item 6): data on stdout, messages on stderr; `--json` prints
 * the API's JSON and nothing else; colour and decoration only on a terminal without NO_COLOR.
 * A list is a table that fits the terminal on a terminal, and tab-separated lines with a header
 * row in a pipe (as gh prints them), so `cut -f1` and `awk -F'\t'` work on it.
 */
export class Output {
  constructor(private streams: Streams, private opts: { json: boolean | string; color: boolean; sink?: JsonSink }) {}

  get jsonMode(): boolean {
    return this.opts.json !== false && this.opts.json !== undefined;
  }

  get interactive(): boolean {
    return !!this.streams.stdout.isTTY && !this.jsonMode;
  }

  /** Prints data: JSON in --json/--jq mode (with field selection), else via `human`. */
  data(value: unknown, human?: () => void): void {
    if (this.jsonMode || !human) {
      (this.opts.sink ?? new JsonSink(this.streams.stdout, this.opts.json, undefined)).write(value);
      return;
    }
    human();
  }

  line(text: string): void {
    this.streams.stdout.write(text + '\n');
  }

  table<T>(rows: T[], columns: Column<T>[]): void {
    const cells = rows.map((row) => columns.map((c) => String(c.value(row) ?? '-')));
    if (!this.streams.stdout.isTTY) {
      const tsv = (values: string[]) => values.map((v) => v.replace(/[\t\r\n]+/g, ' ')).join('\t');
      this.line([tsv(columns.map((c) => c.header)), ...cells.map(tsv)].join('\n'));
      return;
    }
    if (!rows.length) return this.line('(none)');
    const flat = cells.map((r) => r.map((v) => v.replace(/\s*\n\s*/g, ' ')));
    const natural = columns.map((c, i) => Math.max(c.header.length, ...flat.map((r) => r[i].length)));
    const widths = fitWidths(natural, this.streams.stdout.columns || 80);
    const table = new Table({
      head: columns.map((c, i) => clip(c.header, widths[i])),
      colWidths: widths.map((w) => w + 2),
      wordWrap: false,
      style: { head: this.opts.color ? ['bold'] : [], border: [] },
    });
    for (const r of flat) table.push(r.map((v, i) => clip(v, widths[i])));
    this.line(table.toString());
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
