// A daemon in a child process (real clock, workers running), for tests that kill it with SIGKILL.
// Prints {"url"} on stdout once it listens. Arguments: DATA_DIR. Face tracking off, as in the
// tests that start it in process on the same data dir.
import { startDaemon } from '../../daemon/daemon.js';
import { silentLogger } from '../../daemon/log.js';

const d = await startDaemon({ config: { dataDir: process.argv[2], host: '127.0.0.1', port: 0, settings: { limits: { requests_per_minute: 100_000 }, framing: { face_tracking: false } } }, log: silentLogger });
process.stdout.write(JSON.stringify({ url: d.url }) + '\n');
