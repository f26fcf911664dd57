import { PLATFORMS, type Platform } from '../api/events.js';
import { usageError } from './exit-codes.js';

/** A platform named on the command line, checked before any request (spec: the four `platform` values). */
export function parsePlatform(value: string, what = 'PLATFORM'): Platform {
  if (!(PLATFORMS as readonly string[]).includes(value)) throw usageError(`${what} must be one of ${PLATFORMS.join(', ')}, got ${value}`);
  return value as Platform;
}
