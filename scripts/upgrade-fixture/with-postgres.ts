// The PostgreSQL half of an upgrade fixture (issue 31, item 5: "a data dir and a PostgreSQL
// database made by the previous release"). Run by make.mjs with this tree's code: starts a
// throw-away PostgreSQL server (the tests' embedded one), lets the old release's old-side.ts write
// its rows there (its objects and keys into DATA_DIR), and writes the database as SQL to
// DATA_DIR/postgres.sql (daemon/ops/pg-sql-dump.ts: the schema of the old migrations with the
// rows). Prints old-side's summary line. Usage: tsx with-postgres.ts OLD_TREE DATA_DIR VIDEO
import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { dumpPostgres } from '../../daemon/ops/pg-sql-dump.js';
import { startPostgres } from '../../test/helpers/postgres.js';

const [tree, dataDir, video] = process.argv.slice(2);
const pg = await startPostgres();
try {
  const url = await pg.createDatabase();
  const made = execFileSync(join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'tsx'), [join('scripts', 'upgrade-fixture', 'old-side.ts'), dataDir, video, url], { cwd: tree, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  await dumpPostgres(url, join(dataDir, 'postgres.sql'));
  process.stdout.write(made.trim().split('\n').pop() + '\n');
} finally {
  await pg.stop();
}
