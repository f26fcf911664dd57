import type { ServerResponse } from 'node:http';
import { badRequest } from '../../src/api/errors.js';
import type { Store } from '../store/index.js';
import type { StoredEvent } from '../store/events.js';
import type { RequestContext, Router } from '../server/router.js';
import type { WebSessions } from './session.js';

/** A comment line every HEARTBEAT_MS keeps proxies from closing a quiet stream. */
export const HEARTBEAT_MS = 15_000;
/** Events read from the log per query while catching up. */
const PAGE = 100;
/** A browser that stops reading is let go once this much is waiting for it. */
const MAX_BUFFERED = 1 << 20;

export interface EventStreamDeps {
  sessions: WebSessions;
  store: Pick<Store, 'events'>;
  /** Between heartbeats (setting server.event_heartbeat_ms; tests shorten it), read per stream. */
  heartbeatMs?: () => number;
}

/** `Last-Event-ID` (a reconnecting EventSource) or `?after=`: the seq to read after; undefined: from now. */
function cursorOf(ctx: RequestContext): number | undefined {
  const given = ctx.req.headers['last-event-id'] ?? ctx.query.get('after') ?? undefined;
  if (given === undefined || given === '') return undefined;
  const text = String(given);
  if (!/^\d{1,15}$/.test(text)) throw badRequest(`after (or Last-Event-ID) must be an event number from the page's state, got "${text.slice(0, 40)}"`, { field: 'after' });
  return Number(text);
}

/** One event as a server-sent event: its seq is the id a reconnect resumes after. */
export const sseMessage = (e: StoredEvent) => `id: ${e.seq}\ndata: ${JSON.stringify({ id: e.id, type: e.type, created: e.created, data: e.data })}\n\n`;

/**
 * The pages' live state (issue 29, item 1: "live state reaches the page as it changes ...
 * server-sent events"): `GET /app/events` streams the signed-in team's events (spec "Event
 * types": a job's progress, a render's progress, a post's status) as they are logged. Read
 * forward from the durable event log by seq, woken when an event commits, so nothing is missed
 * across a restart or a reconnect: the page opens it with `?after=<seq of its state>`, and a
 * reconnecting EventSource sends the last id it saw as Last-Event-ID. A comment line every
 * HEARTBEAT_MS; the stream ends when the session does (sign-out or expiry) or the daemon stops.
 */
export function registerEventStream(router: Router, d: EventStreamDeps, notSignedIn: (ctx: RequestContext) => undefined): void {
  router.get('/app/events', { auth: 'none' }, async (ctx) => {
    const teamId = await d.sessions.signedInTeam(ctx.req);
    if (!teamId) return notSignedIn(ctx);
    const after = cursorOf(ctx) ?? await d.store.events.lastSeq();
    ctx.res.writeHead(200, { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-store', connection: 'keep-alive', 'x-accel-buffering': 'no' });
    ctx.res.write(`retry: 2000\n: events of your team after ${after}\n\n`);
    follow(ctx, d, teamId, after);
    return undefined;
  });
}

/** Writes the team's events after `seq` as they are logged, until the browser or the session goes. */
function follow(ctx: RequestContext, d: EventStreamDeps, teamId: string, seq: number): void {
  const res: ServerResponse = ctx.res;
  let closed = false;
  let again = false;
  let running: Promise<void> | undefined;
  const end = () => {
    if (closed) return;
    closed = true;
    stop();
    clearInterval(beat);
    if (!res.writableEnded) res.end();
  };
  const pump = async () => {
    for (;;) {
      const batch = await d.store.events.readAfter(seq, PAGE, teamId);
      if (closed) return;
      for (const e of batch) {
        res.write(sseMessage(e));
        seq = e.seq;
      }
      if (res.writableLength > MAX_BUFFERED) return end();
      if (batch.length < PAGE) return;
    }
  };
  // One read at a time; a wake-up during a read reads again after it.
  const wake = () => {
    if (closed) return;
    if (running) return void (again = true);
    running = pump()
      .catch(() => end()) // the store closing under a stopping daemon: the browser reconnects
      .finally(() => {
        running = undefined;
        if (again && !closed) {
          again = false;
          wake();
        }
      });
  };
  const stop = d.store.events.onAppend(wake);
  const beat = setInterval(() => {
    void d.sessions.signedInTeam(ctx.req).then((still) => {
      if (still !== teamId) return end();
      res.write(': heartbeat\n\n');
      wake(); // a wake-up lost between processes costs at most one heartbeat
    }, end);
  }, d.heartbeatMs?.() ?? HEARTBEAT_MS);
  res.on('close', end);
  wake();
}
