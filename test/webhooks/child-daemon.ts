// A daemon in its own process, for the kill -9 test: prints its URL and root team, then runs
// with its workers started until it is killed.
import { startDaemon } from '../../daemon/daemon.js';
import { silentLogger } from '../../daemon/log.js';

const d = await startDaemon({ config: { dataDir: process.argv[2], host: '127.0.0.1', port: 0 }, log: silentLogger });
process.stdout.write(JSON.stringify({ url: d.url, teamId: (await d.app.store.teams.first())!.id }) + '\n');
