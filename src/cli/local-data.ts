import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { defaultDataDir } from '../../daemon/config.js';
import { initDataDir } from '../../daemon/data-dir.js';
import type { Db } from '../../daemon/store/db.js';
import type { Team } from '../../daemon/store/teams.js';

/** Opens a local data dir for commands that work on it directly (`auth token`, `admin`). */
export function withDataDir<T>(dir: string | undefined, env: NodeJS.ProcessEnv, fn: (d: { db: Db; rootTeam: Team; dataDir: string }) => T): T {
  const dataDir = resolve(dir ?? defaultDataDir(env));
  const { db, rootTeam } = initDataDir(dataDir);
  try {
    return fn({ db, rootTeam, dataDir });
  } finally {
    db.close();
  }
}

export const dataDirExists = (dir: string) => existsSync(dir);
