import { AsyncLocalStorage } from 'node:async_hooks';
import { redact } from './log-redact.js';
import { stderrLine } from './log-sink.js';

/**
 * Structured logs on stderr (stdout stays free for data), issue 31 item 2: one JSON object a
 * line with `level`, `time`, the process `role`, and the ids of what the line is about. The
 * request id, team and job/post/render ids come from the async context (withLogContext), so a
 * line written anywhere while a request or a task runs carries them. Secrets never: log-redact.ts.
 */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogFormat = 'json' | 'pretty';

export interface Logger {
  debug(msg: string, fields?: Record<string, unknown>): void;
  info(msg: string, fields?: Record<string, unknown>): void;
  warn(msg: string, fields?: Record<string, unknown>): void;
  error(msg: string, fields?: Record<string, unknown>): void;
  /** A logger whose every line also carries `fields`. */
  child(fields: Record<string, unknown>): Logger;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

const context = new AsyncLocalStorage<Record<string, unknown>>();

/** Runs `fn` with `fields` added to every log line written inside it (and what it awaits). */
export function withLogContext<T>(fields: Record<string, unknown>, fn: () => T): T {
  return context.run({ ...context.getStore(), ...fields }, fn);
}

/** Adds ids to the current context (the team once a request is authenticated, a job's id...). */
export function addLogContext(fields: Record<string, unknown>): void {
  const store = context.getStore();
  if (store) Object.assign(store, fields);
}

/** The current context's fields (the HTTP layer reads the request id from here). */
export function logContextValue(key: string): unknown {
  return context.getStore()?.[key];
}

export interface LoggerOptions {
  level?: LogLevel;
  format?: LogFormat;
  /** The process role (all, api, worker, cli): on every line. */
  role?: string;
  /** Where lines go: stderr by default, through log-sink.ts (a failed write is dropped, counted). */
  write?: (line: string) => void;
}

/**
 * `createLogger('info', write)` (the first form, kept for tests) or `createLogger({ level,
 * format, role, write })`. `silent` still writes errors, as the first version did.
 */
export function createLogger(levelOrOptions: LogLevel | LoggerOptions = 'info', write?: (line: string) => void): Logger {
  const o: LoggerOptions = typeof levelOrOptions === 'string' ? { level: levelOrOptions, write } : levelOrOptions;
  const out = o.write ?? stderrLine;
  const min = o.level === 'silent' ? RANK.error : RANK[o.level ?? 'info'];
  const make = (bound: Record<string, unknown>): Logger => {
    const line = (level: Exclude<LogLevel, 'silent'>) => (msg: string, fields: Record<string, unknown> = {}) => {
      if (RANK[level] < min) return;
      out(formatLine(o, level, msg, { ...context.getStore(), ...bound, ...fields }));
    };
    return { debug: line('debug'), info: line('info'), warn: line('warn'), error: line('error'), child: (fields) => make({ ...bound, ...fields }) };
  };
  return make({});
}

/** One line of the log in `o.format` (JSON by default), ending in a newline, secrets redacted. */
export function formatLine(o: Pick<LoggerOptions, 'format' | 'role'>, level: Exclude<LogLevel, 'silent'>, msg: string, fields: Record<string, unknown> = {}): string {
  const record = redact({ level, time: new Date().toISOString(), ...(o.role ? { role: o.role } : {}), msg, ...fields }) as Record<string, unknown>;
  return (o.format === 'pretty' ? pretty(record) : JSON.stringify(record)) + '\n';
}

/** `12:00:01.123 INFO  daemon listening  url=http://... role=api` */
function pretty(r: Record<string, unknown>): string {
  const { level, time, msg, ...rest } = r;
  const fields = Object.entries(rest).map(([k, v]) => `${k}=${typeof v === 'string' ? (/\s/.test(v) ? JSON.stringify(v) : v) : JSON.stringify(v)}`);
  return [String(time).slice(11, 23), String(level).toUpperCase().padEnd(5), msg, ...fields].join('  ').trimEnd();
}

export const silentLogger: Logger = { debug() {}, info() {}, warn() {}, error() {}, child: () => silentLogger };
