import type { Synchronous } from './sqlite-gate.js';
import type { Db } from './db.js';
import { newId } from '../../src/api/ids.js';
import type { Team } from './records.js';
import type { TeamRepository } from './repositories.js';

export type { Team };

export class TeamRepo implements Synchronous<TeamRepository> {
  constructor(private db: Db) {}

  create(name: string, now: number, opts: { preferredLanguage?: string; renderMinutes?: number } = {}): Team {
    const team: Team = {
      id: newId('team'),
      name,
      preferred_language: opts.preferredLanguage ?? 'en',
      render_minutes_allowance: opts.renderMinutes ?? 600,
      created_at: now,
    };
    this.db
      .prepare('INSERT INTO teams (id, name, preferred_language, render_minutes_allowance, created_at) VALUES (@id, @name, @preferred_language, @render_minutes_allowance, @created_at)')
      .run(team);
    return team;
  }

  get(id: string): Team | undefined {
    return this.db.prepare('SELECT * FROM teams WHERE id = ?').get(id) as Team | undefined;
  }

  /** The first team created: the owner of a fresh data dir. */
  first(): Team | undefined {
    return this.db.prepare('SELECT * FROM teams ORDER BY created_at, rowid LIMIT 1').get() as Team | undefined;
  }

  list(): Team[] {
    return this.db.prepare('SELECT * FROM teams ORDER BY created_at, rowid').all() as Team[];
  }
}
