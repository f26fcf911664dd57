// Numbered migrations of both engines (issue 27, item 3: one schema, two engines), applied in
// order by openDb() on SQLite and by migratePostgres() on PostgreSQL. Add a file per change, its
// SQL written once for both (./dialect.ts); never change what one that has shipped makes.
// Numbers are reserved per area so parallel work does not collide:
// 001 foundation, 002 uploads, 003 clip jobs and runner, 004 renders and posts, 005 webhook outbox,
// 006 platform credentials (issue 15).
// 007 framing (issue 17).
// 013 session links (issue 13).
// 016 clip edits and web sessions (issue 16).
// 021 rate counters shared by API processes (issue 21).
// 029 aspect ratio and filler/silence cuts of renders and posts (issue 29).
// 031 speaker-marked captions of renders and posts (issue 30, item 3).
import { m001 } from './001-foundation.js';
import { m002 } from './002-uploads.js';
import { m003 } from './003-clip-jobs.js';
import { m004 } from './004-renders-posts.js';
import { m005 } from './005-webhook-outbox.js';
import { m006 } from './006-platform-credentials.js';
import { m007 } from './007-framing.js';
import { m013 } from './013-session-links.js';
import { m016 } from './016-clip-edits-sessions.js';
import { m021 } from './021-rate-counters.js';
import { m029 } from './029-aspect-cuts.js';
import { m030 } from './030-requested-clips.js';
import { m031 } from './031-caption-speakers.js';

import type { Dialect } from './dialect.js';

export interface Migration {
  version: number;
  name: string;
  /** The statements, in the engine's words where they differ (types, STRICT, rowid). */
  sql: (d: Dialect) => string;
}

export const MIGRATIONS: Migration[] = [m001, m002, m003, m004, m005, m006, m007, m013, m016, m021, m029, m030, m031];
