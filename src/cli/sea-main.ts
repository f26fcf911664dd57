// Entry point of the single executable (scripts/build-sea.mjs bundles it to one CommonJS file:
// no top-level await may appear anywhere below it).
import { useNativeBinding } from '../../daemon/store/db.js';
import { main } from './entry.js';
import { loadSeaSqliteBinding } from './sea/native.js';

const binding = loadSeaSqliteBinding();
if (binding) useNativeBinding(binding);
main(process.argv).then(
  (code) => {
    process.exitCode = code;
  },
  (e: unknown) => {
    process.stderr.write(`clipper: ${e instanceof Error ? e.stack : String(e)}\n`);
    process.exitCode = 1;
  },
);
