import { PLATFORMS } from '../../api/events.js';
import { isIso6391 } from '../../api/languages.js';
import { DEFAULT_MULTIPART_THRESHOLD } from '../../client/upload-defaults.js';
import { usageError } from '../exit-codes.js';
import { DEFAULT_INTERVAL_MS, parseDuration } from '../wait.js';
import { DEFAULT_STATUS_CHECKS_PER_MINUTE } from './follow.js';
import type { FileRequest } from './state.js';

/** The command line as commander hands it over. */
export interface RawWatchOptions {
  criteria?: string;
  duration?: string;
  language?: string;
  render?: boolean;
  publish?: string[];
  concurrency?: string;
  settle?: string;
  rescan?: string;
  once?: boolean;
  all?: boolean;
  timeout?: string;
  multipartThreshold?: string;
  pollInterval?: string;
  statusChecks?: string;
}

export interface WatchOptions {
  dir: string;
  request: FileRequest;
  concurrency: number;
  settleMs: number;
  rescanMs: number;
  once: boolean;
  all: boolean;
  /** Per job, render or post followed; none by default. */
  timeoutMs?: number;
  multipartThreshold: number;
  /** Between two status checks of one id: 10 s keeps within spec's 6 a minute. */
  pollIntervalMs: number;
  /** All status checks of this watcher in any minute (spec: 30 a minute per team). */
  statusChecksPerMinute: number;
  /** Before a failed step is tried again by a long-running watcher. */
  retryMs: number;
}

export const WATCH_DEFAULTS = { concurrency: 2, settleSeconds: 3, rescanSeconds: 30, retryMs: 60_000 };

function seconds(text: string | undefined, flag: string, fallback: number, min: number): number {
  if (text === undefined) return fallback * 1000;
  const n = Number(text);
  if (!Number.isFinite(n) || n < min) throw usageError(`${flag} must be a number of seconds of at least ${min}, got "${text}"`);
  return Math.round(n * 1000);
}

function wholeNumber(text: string | undefined, flag: string, fallback: number, min: number, max: number): number {
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!Number.isInteger(n) || n < min || n > max) throw usageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return n;
}

/** Checks every flag before anything is watched, so a typo fails at once and not per file. */
export function parseWatchOptions(dir: string, raw: RawWatchOptions): WatchOptions {
  const publish = [...new Set(raw.publish ?? [])];
  const unknown = publish.filter((p) => !(PLATFORMS as readonly string[]).includes(p));
  if (unknown.length) throw usageError(`--publish takes platforms among ${PLATFORMS.join(', ')}; unknown: ${unknown.join(', ')}`);
  const language = raw.language?.trim().toLowerCase();
  if (language !== undefined && !isIso6391(language)) throw usageError(`--language must be an ISO 639-1 code such as en or de, got "${raw.language}"`);
  return {
    dir,
    request: {
      criteria: raw.criteria,
      target_duration: raw.duration === undefined ? undefined : parseDuration(raw.duration, '--duration') / 1000,
      language,
      render: !!raw.render,
      publish,
    },
    concurrency: wholeNumber(raw.concurrency, '--concurrency', WATCH_DEFAULTS.concurrency, 1, 16),
    settleMs: seconds(raw.settle, '--settle', WATCH_DEFAULTS.settleSeconds, 0.05),
    rescanMs: seconds(raw.rescan, '--rescan', WATCH_DEFAULTS.rescanSeconds, 0.1),
    once: !!raw.once,
    all: !!raw.all,
    timeoutMs: raw.timeout === undefined ? undefined : parseDuration(raw.timeout, '--timeout'),
    multipartThreshold: wholeNumber(raw.multipartThreshold, '--multipart-threshold', DEFAULT_MULTIPART_THRESHOLD, 1, Number.MAX_SAFE_INTEGER),
    pollIntervalMs: raw.pollInterval === undefined ? DEFAULT_INTERVAL_MS : parseDuration(raw.pollInterval, '--poll-interval'),
    statusChecksPerMinute: wholeNumber(raw.statusChecks, '--status-checks', DEFAULT_STATUS_CHECKS_PER_MINUTE, 1, Number.MAX_SAFE_INTEGER),
    retryMs: WATCH_DEFAULTS.retryMs,
  };
}
