import type { Sql } from './sql.js';
import { newId } from '../../src/api/ids.js';
import type { Team } from './records.js';
import type { TeamRepository } from './repositories.js';

export type { Team };

export class TeamRepo implements TeamRepository {
  constructor(private db: Sql) {}

  async create(name: string, now: number, opts: { preferredLanguage?: string; renderMinutes?: number } = {}): Promise<Team> {
    const team: Team = {
      id: newId('team'),
      name,
      preferred_language: opts.preferredLanguage ?? 'en',
      render_minutes_allowance: opts.renderMinutes ?? 600,
      created_at: now,
    };
    await this.db.run('INSERT INTO teams (id, name, preferred_language, render_minutes_allowance, created_at) VALUES (@id, @name, @preferred_language, @render_minutes_allowance, @created_at)', team);
    return team;
  }

  async get(id: string): Promise<Team | undefined> {
    return await this.db.get('SELECT * FROM teams WHERE id = ?', id) as Team | undefined;
  }

  /** The first team created: the owner of a fresh data dir. */
  async first(): Promise<Team | undefined> {
    return await this.db.get('SELECT * FROM teams ORDER BY created_at, rowid LIMIT 1') as Team | undefined;
  }

  async ensureFirst(name: string, now: number): Promise<Team> {
    return await this.db.transaction(async () => {
      // PostgreSQL: processes starting together take turns here; SQLite's BEGIN IMMEDIATE already does.
      if (this.db.dialect === 'postgres') await this.db.value('SELECT pg_advisory_xact_lock(2102)');
      return (await this.first()) ?? (await this.create(name, now));
    });
  }

  async list(): Promise<Team[]> {
    return await this.db.all('SELECT * FROM teams ORDER BY created_at, rowid') as Team[];
  }
}
