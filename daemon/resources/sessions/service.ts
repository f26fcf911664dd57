import { createHash, randomBytes } from 'node:crypto';
import { notFound } from '../../../src/api/errors.js';
import { SESSION_LINK_TTL_MS, sessionLinkQuerySchema, type SessionLink } from '../../../src/api/sessions.js';
import { parseBody } from '../../../src/api/validate.js';
import type { Clock } from '../../clock.js';
import type { Store } from '../../store/index.js';

export interface SessionLinkDeps {
  store: Pick<Store, 'sessionLinks' | 'clips'>;
  clock: Clock;
  baseUrl: () => string;
}

const hash = (code: string) => createHash('sha256').update(code).digest('hex');

/**
 * One-time sign-in links (DESIGN.md: GET /v1/auth/session-link; issue 13, item 4: "`clipper open
 * CLIP_ID` opens the clip's page already signed in"). The link carries a random code; only its
 * hash is stored. Following it once, within 5 minutes, starts a session of the pages (web/session.ts,
 * the same `/app/login` starts) and lands on the clip's page; a second use, or a late one, is refused.
 */
export class SessionLinkService {
  constructor(private d: SessionLinkDeps) {}

  async create(teamId: string, query: unknown): Promise<SessionLink> {
    const q = parseBody(sessionLinkQuerySchema, query);
    if (q.clip_id !== undefined && !await this.d.store.clips.get(teamId, q.clip_id)) throw notFound('Clip', q.clip_id);
    const code = randomBytes(24).toString('base64url');
    const now = this.d.clock.now();
    const expires_at = now + SESSION_LINK_TTL_MS;
    const next_path = q.clip_id ? `/app/clips/${q.clip_id}` : '/app/';
    await this.d.store.sessionLinks.create({ code_hash: hash(code), team_id: teamId, next_path, expires_at }, now);
    return { url: `${this.d.baseUrl()}/app/session/${code}`, expires_at };
  }

  /** The link's team and where to land, or undefined for a used, expired or unknown link. */
  async redeem(code: string): Promise<{ teamId: string; next: string } | undefined> {
    const link = /^[A-Za-z0-9_-]{16,64}$/.test(code) ? await this.d.store.sessionLinks.redeem(hash(code), this.d.clock.now()) : undefined;
    return link ? { teamId: link.team_id, next: link.next_path } : undefined;
  }
}
