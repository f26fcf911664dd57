import { describe, expect, it } from 'vitest';
import { makeTeam, T0, type Current } from './fixtures.js';

// Contract cases of the account tables: teams, API keys, webhook registrations and platform
// connections. Called inside storeContract's describe; `h()` is the running case's harness.

export function accountsContract(h: Current) {
  describe('session links', () => {
    it('redeems a link once, before it expires, on its own code only', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.sessionLinks.create({ code_hash: 'a'.repeat(64), team_id: team.id, next_path: '/app/clips/clip_x', expires_at: T0 + 300_000 }, T0);
      await store.sessionLinks.create({ code_hash: 'b'.repeat(64), team_id: team.id, next_path: '/app/', expires_at: T0 + 300_000 }, T0);
      expect(await store.sessionLinks.redeem('c'.repeat(64), T0 + 1)).toBeUndefined();
      expect(await store.sessionLinks.redeem('a'.repeat(64), T0 + 1)).toEqual({ team_id: team.id, next_path: '/app/clips/clip_x' });
      expect(await store.sessionLinks.redeem('a'.repeat(64), T0 + 2)).toBeUndefined();
      expect(await store.sessionLinks.redeem('b'.repeat(64), T0 + 300_000)).toBeUndefined();
    });

    it('drops links a day past their expiry when a new one is made', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.sessionLinks.create({ code_hash: 'd'.repeat(64), team_id: team.id, next_path: '/app/', expires_at: T0 + 300_000 }, T0);
      await store.sessionLinks.create({ code_hash: 'e'.repeat(64), team_id: team.id, next_path: '/app/', expires_at: T0 + 2 * 86_400_000 }, T0 + 2 * 86_400_000 - 1000);
      // Gone, not merely expired: even a clock set back could not redeem it.
      expect(await store.sessionLinks.redeem('d'.repeat(64), T0 + 1)).toBeUndefined();
      expect(await store.sessionLinks.redeem('e'.repeat(64), T0 + 2 * 86_400_000 - 500)).toMatchObject({ team_id: team.id });
    });
  });

  describe('teams', () => {
    it('creates a team with the default language and allowance, or the given ones', async () => {
      const { store } = h();
      const a = await store.teams.create('Acme', T0);
      expect(a).toMatchObject({ name: 'Acme', preferred_language: 'en', render_minutes_allowance: 600, created_at: T0 });
      expect(a.id).toMatch(/^team_/);
      const b = await store.teams.create('Beta', T0, { preferredLanguage: 'de', renderMinutes: 30 });
      expect(await store.teams.get(b.id)).toEqual(b);
      expect(b).toMatchObject({ preferred_language: 'de', render_minutes_allowance: 30 });
      expect(await store.teams.get('team_unknown')).toBeUndefined();
    });

    it('lists teams oldest first, and first() is the oldest', async () => {
      const { store } = h();
      expect(await store.teams.first()).toBeUndefined();
      expect(await store.teams.list()).toEqual([]);
      const later = await store.teams.create('later', T0 + 10);
      const earlier = await store.teams.create('earlier', T0);
      const sameTime = await store.teams.create('same time, made after', T0);
      expect(await store.teams.first()).toEqual(earlier);
      expect((await store.teams.list()).map((t) => t.name)).toEqual([earlier.name, sameTime.name, later.name]);
    });

    it('ensureFirst() creates the first team once, even when called at once from many places', async () => {
      const { store } = h();
      const made = await Promise.all([1, 2, 3, 4].map(() => store.teams.ensureFirst('default', T0)));
      expect(new Set(made.map((t) => t.id)).size).toBe(1);
      expect(await store.teams.list()).toEqual([made[0]]);
      await store.teams.create('second', T0 + 1);
      expect(await store.teams.ensureFirst('other', T0 + 2)).toEqual(made[0]);
    });
  });

  describe('api keys', () => {
    const secretOf = (key: string, teamId: string) => {
      expect(key.endsWith(`-${teamId}`)).toBe(true);
      return key.slice(0, -(teamId.length + 1));
    };

    it('hands out the key once as <secret>-<teamId> and keeps only its public fields', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const { record, key } = await store.apiKeys.create(team.id, 'ci', T0);
      expect(record).toEqual({ id: record.id, team_id: team.id, label: 'ci', created_at: T0, last_used_at: null });
      expect(record.id).toMatch(/^key_/);
      const secret = secretOf(key, team.id);
      expect(secret).not.toContain('-');
      expect(JSON.stringify(await store.apiKeys.list(team.id))).not.toContain(secret);
      expect(await store.apiKeys.list(team.id)).toEqual([record]);
    });

    it('verifies the secret on its own team only, recording when it was last used', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      const { record, key } = await store.apiKeys.create(team.id, 'ci', T0);
      const secret = secretOf(key, team.id);
      expect(await store.apiKeys.verify(team.id, secret, T0 + 5)).toEqual({ ...record, last_used_at: T0 + 5 });
      expect((await store.apiKeys.list(team.id))[0].last_used_at).toBe(T0 + 5);
      expect(await store.apiKeys.verify(other.id, secret, T0 + 6)).toBeUndefined();
      expect(await store.apiKeys.verify(team.id, `${secret}x`, T0 + 6)).toBeUndefined();
      expect(await store.apiKeys.verify(team.id, key, T0 + 6)).toBeUndefined();
      expect((await store.apiKeys.list(team.id))[0].last_used_at).toBe(T0 + 5);
      // Written again at most once a minute while the key is in use.
      expect(await store.apiKeys.verify(team.id, secret, T0 + 30_000)).toEqual({ ...record, last_used_at: T0 + 5 });
      expect((await store.apiKeys.list(team.id))[0].last_used_at).toBe(T0 + 5);
      expect(await store.apiKeys.verify(team.id, secret, T0 + 60_005)).toEqual({ ...record, last_used_at: T0 + 60_005 });
      expect((await store.apiKeys.list(team.id))[0].last_used_at).toBe(T0 + 60_005);
    });

    it('revokes a key once, on its own team only; a revoked key neither verifies nor lists', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      const a = await store.apiKeys.create(team.id, 'a', T0);
      const b = await store.apiKeys.create(team.id, 'b', T0 + 1);
      expect(await store.apiKeys.revoke(other.id, a.record.id, T0)).toBe(false);
      expect(await store.apiKeys.revoke(team.id, a.record.id, T0 + 2)).toBe(true);
      expect(await store.apiKeys.revoke(team.id, a.record.id, T0 + 3)).toBe(false);
      expect(await store.apiKeys.revoke(team.id, 'key_unknown', T0 + 3)).toBe(false);
      expect(await store.apiKeys.verify(team.id, secretOf(a.key, team.id), T0 + 4)).toBeUndefined();
      expect((await store.apiKeys.verify(team.id, secretOf(b.key, team.id), T0 + 4))?.id).toBe(b.record.id);
      expect((await store.apiKeys.list(team.id)).map((k) => k.label)).toEqual(['b']);
    });
  });

  describe('webhooks', () => {
    const input = { url: 'https://hooks.example.com/in', events: ['post.published'] };

    it('registers with a signing secret, legacy signatures on unless turned off', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const { record, secret } = await store.webhooks.create(team.id, input, T0);
      expect(record).toEqual({ id: record.id, team_id: team.id, url: input.url, events: input.events, legacy_signature: true, description: null, created_at: T0, from_seq: 0 });
      expect(secret).toMatch(/^whsec_/);
      expect(await store.webhooks.secretOf(record.id)).toEqual({ secret, legacy_signature: true });
      const modern = await store.webhooks.create(team.id, { ...input, legacy_signature: false, description: 'new style' }, T0 + 1);
      expect(modern.record).toMatchObject({ legacy_signature: false, description: 'new style' });
      expect(await store.webhooks.secretOf(modern.record.id)).toEqual({ secret: modern.secret, legacy_signature: false });
      expect((await store.webhooks.list(team.id)).map((w) => w.id)).toEqual([record.id, modern.record.id]);
    });

    it('reads registrations on their own team only', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      const { record } = await store.webhooks.create(team.id, input, T0);
      expect(await store.webhooks.get(team.id, record.id)).toEqual(record);
      expect(await store.webhooks.get(other.id, record.id)).toBeUndefined();
      expect(await store.webhooks.list(other.id)).toEqual([]);
      expect(await store.webhooks.delete(other.id, record.id, T0)).toBe(false);
    });

    it('starts a registration after the newest logged event and matches types or "*"', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.events.emit('project.render.started', { project_id: 'clip_a', team_id: team.id });
      const [seen] = await store.events.readAfter(0);
      const exact = (await store.webhooks.create(team.id, input, T0)).record;
      const all = (await store.webhooks.create(team.id, { ...input, events: ['*'] }, T0)).record;
      expect(exact.from_seq).toBe(seen.seq);
      const ids = async (type: string, seq?: number) => (await store.webhooks.subscribedTo(team.id, type, seq)).map((w) => w.id);
      expect(await ids('post.published')).toEqual([exact.id, all.id]);
      expect(await ids('post.failed')).toEqual([all.id]);
      expect(await ids('post.published', seen.seq)).toEqual([]);
      expect(await ids('post.published', seen.seq + 1)).toEqual([exact.id, all.id]);
      expect(await store.webhooks.subscribedTo((await makeTeam(store, T0, 'other')).id, 'post.published')).toEqual([]);
    });

    it('deletes once: the registration disappears from every read', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const { record } = await store.webhooks.create(team.id, { ...input, events: ['*'] }, T0);
      expect(await store.webhooks.delete(team.id, record.id, T0 + 1)).toBe(true);
      expect(await store.webhooks.delete(team.id, record.id, T0 + 2)).toBe(false);
      expect(await store.webhooks.get(team.id, record.id)).toBeUndefined();
      expect(await store.webhooks.list(team.id)).toEqual([]);
      expect(await store.webhooks.secretOf(record.id)).toBeUndefined();
      expect(await store.webhooks.subscribedTo(team.id, 'post.published')).toEqual([]);
    });
  });

  describe('platform connections', () => {
    const conn = { platform: 'short_video' as const, connector: 'fake', account_name: '@acme', settings: { privacy: 'public', n: 1 } };

    it('connects, reads and lists a team\'s platforms', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const a = await store.platforms.upsert(team.id, conn, T0);
      expect(a).toEqual({ id: a.id, team_id: team.id, ...conn, status: 'active', created_at: T0 });
      expect(a.id).toMatch(/^plat_/);
      const b = await store.platforms.upsert(team.id, { ...conn, platform: 'long_video' }, T0 + 1);
      expect(await store.platforms.get(team.id, 'short_video')).toEqual(a);
      expect(await store.platforms.list(team.id)).toEqual([a, b]);
      expect(await store.platforms.get(team.id, 'photo_sharing')).toBeUndefined();
      expect(await store.platforms.get((await makeTeam(store, T0, 'other')).id, 'short_video')).toBeUndefined();
    });

    it('reconnecting replaces the connection (new id and time); deleting removes it once', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const first = await store.platforms.upsert(team.id, conn, T0);
      const again = await store.platforms.upsert(team.id, { ...conn, account_name: '@acme2', settings: {} }, T0 + 5);
      expect(again.id).not.toBe(first.id);
      expect(await store.platforms.list(team.id)).toEqual([again]);
      expect(await store.platforms.get(team.id, 'short_video')).toMatchObject({ account_name: '@acme2', settings: {}, created_at: T0 + 5 });
      expect(await store.platforms.delete((await makeTeam(store, T0, 'other')).id, 'short_video')).toBe(false);
      expect(await store.platforms.delete(team.id, 'short_video')).toBe(true);
      expect(await store.platforms.delete(team.id, 'short_video')).toBe(false);
      expect(await store.platforms.list(team.id)).toEqual([]);
    });

    it('keeps sealed credentials apart from the record: never listed, replaced by a refresh, gone with a reconnect', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const a = await store.platforms.upsert(team.id, conn, T0, { sealed: 'v1.sealed-a', expires_at: T0 + 3600_000 });
      expect(await store.platforms.list(team.id)).toEqual([a]);
      expect(JSON.stringify(await store.platforms.list(team.id))).not.toContain('sealed');
      expect(await store.platforms.credentials(a.id)).toEqual({ sealed: 'v1.sealed-a', expires_at: T0 + 3600_000 });
      expect(await store.platforms.saveCredentials(a.id, { sealed: 'v1.sealed-b', expires_at: null })).toBe(true);
      expect(await store.platforms.credentials(a.id)).toEqual({ sealed: 'v1.sealed-b', expires_at: null });
      // A reconnect is a new connection: the old id has nothing, and a late refresh of it writes nothing.
      const b = await store.platforms.upsert(team.id, conn, T0 + 1);
      expect(await store.platforms.credentials(a.id)).toBeUndefined();
      expect(await store.platforms.credentials(b.id)).toBeUndefined();
      expect(await store.platforms.saveCredentials(a.id, { sealed: 'v1.late', expires_at: null })).toBe(false);
      expect(await store.platforms.credentials('plat_unknown')).toBeUndefined();
    });

    it('marks an active connection needs_reauth once, with its reason; reconnecting makes it active again', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const a = await store.platforms.upsert(team.id, conn, T0, { sealed: 'v1.x', expires_at: null });
      expect(await store.platforms.markNeedsReauth(a.id, 'the grant was revoked')).toBe(true);
      expect(await store.platforms.markNeedsReauth(a.id, 'again')).toBe(false);
      expect(await store.platforms.get(team.id, 'short_video')).toEqual({ ...a, status: 'needs_reauth', status_reason: 'the grant was revoked' });
      expect(await store.platforms.list(team.id)).toEqual([{ ...a, status: 'needs_reauth', status_reason: 'the grant was revoked' }]);
      const b = await store.platforms.upsert(team.id, conn, T0 + 1, { sealed: 'v1.y', expires_at: null });
      expect(await store.platforms.get(team.id, 'short_video')).toEqual(b);
      expect(b).not.toHaveProperty('status_reason');
      expect(await store.platforms.markNeedsReauth(a.id, 'stale id')).toBe(false);
    });
  });

  describe('oauth authorizations', () => {
    const row = (teamId: string, state: string, expiresAt: number) => ({
      state, team_id: teamId, platform: 'long_video' as const, connector: 'youtube', redirect_uri: 'http://127.0.0.1:5000/callback/',
      settings: '{"privacy_status":"private"}', secrets: 'v1.sealed', created_at: T0, expires_at: expiresAt,
    });

    it('hands an authorization out once, to its own team, before it expires', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      const other = await makeTeam(store, T0, 'other');
      await store.oauthAuthorizations.insert(row(team.id, 'st_a', T0 + 1000));
      expect(await store.oauthAuthorizations.take(other.id, 'st_a', T0)).toBeUndefined();
      expect(await store.oauthAuthorizations.take(team.id, 'st_a', T0)).toEqual(row(team.id, 'st_a', T0 + 1000));
      expect(await store.oauthAuthorizations.take(team.id, 'st_a', T0)).toBeUndefined();
      await store.oauthAuthorizations.insert(row(team.id, 'st_b', T0 + 1000));
      expect(await store.oauthAuthorizations.take(team.id, 'st_b', T0 + 1000)).toBeUndefined(); // expired
      expect(await store.oauthAuthorizations.take(team.id, 'st_b', T0)).toBeUndefined(); // and used up by that look
    });

    it('purges the expired ones only', async () => {
      const { store } = h();
      const team = await makeTeam(store, T0);
      await store.oauthAuthorizations.insert(row(team.id, 'old', T0 + 10));
      await store.oauthAuthorizations.insert(row(team.id, 'new', T0 + 1000));
      expect(await store.oauthAuthorizations.purgeExpired(T0 + 10)).toBe(1);
      expect(await store.oauthAuthorizations.purgeExpired(T0 + 10)).toBe(0);
      expect(await store.oauthAuthorizations.take(team.id, 'new', T0 + 11)).toMatchObject({ state: 'new' });
    });
  });
}
