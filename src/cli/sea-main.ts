// Entry point of the single executable (scripts/build-sea.mjs bundles it, split like dist/cli.js,
// and the boot script loads it from the unpacked runtime folder).
import { main } from './entry.js';
import { useNativeBinding } from './local-daemon.js';
import { loadSeaSqliteBinding, seaApi } from './sea/native.js';

// better-sqlite3's addon comes out of its asset the first time a command opens SQLite.
const ready = seaApi() ? useNativeBinding(() => loadSeaSqliteBinding()!) : Promise.resolve();
ready.then(() => main(process.argv)).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`clipper: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  },
);
